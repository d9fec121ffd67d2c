import { beforeEach, describe, expect, it } from 'vitest';
import { embeddedEnv, httpEnv, originFor, resetStandIn, standInCalls } from '../origin-helpers';

/**
 * One contract suite for both implementations of the origin door: the embedded origin on D1,
 * and real HTTP to a stand-in of the legacy backend. Every call of contract §3 is exercised.
 */
const implementations = [
  ['embedded origin', () => embeddedEnv()],
  ['HTTP stand-in', () => httpEnv()],
] as const;

describe.each(implementations)('origin contract: %s', (_name, makeEnv) => {
  const origin = () => originFor(makeEnv());
  beforeEach(resetStandIn);

  it('payee_url finds a payee by url, billing url and id, with every field typed', async () => {
    const byUrl = await origin().payeeByUrl('valleymed');
    expect(byUrl).toMatchObject({
      ok: true,
      value: { payeeId: '1001', payeeName: 'Valley Medical Group', isProvider: true, isPartner: true, isBilling: false },
    });
    if (!byUrl.ok || !byUrl.value) throw new Error('no payee');
    expect(byUrl.value.customFields).toEqual({ payDOB: true, payDOS: false, billingZip: false });
    expect(byUrl.value.address).toMatchObject({ address1: '100 Main St', city: 'Fresno', state: 'CA', zip: '93721' });
    expect(byUrl.value.pphone).toBe('(559) 555-0101');
    expect(byUrl.value).not.toHaveProperty('internalNotes');
    expect(await origin().payeeByUrl('metrowater')).toMatchObject({
      ok: true,
      value: { payeeId: '1003', isBilling: true, notMedical: true },
    });
    expect(await origin().payeeByUrl('1002')).toMatchObject({ ok: true, value: { payeeId: '1002', isProvider: true, isBilling: true } });
  });

  it('payee_url answers null for an unknown payee', async () => {
    expect(await origin().payeeByUrl('no-such-payee')).toEqual({ ok: true, value: null });
  });

  it('getPayee gives a payee by id, with its card and account rules, or null', async () => {
    const cedar = await origin().getPayee('1007');
    expect(cedar).toMatchObject({
      ok: true,
      value: {
        payeeName: 'Cedar Valley Hospital',
        acctRegex: '^CV\\d{6}$',
        acctRegexReadibleString: 'CV',
        ccAccepted: { pall: false, pvisa: true, pmc: true, pdiscover: false, pamex: false },
        customFields: { payDOB: false, payDOS: true, billingZip: true },
        payeeFees: ['A $1.50 convenience fee applies to card payments.'],
        customHeading: '<strong>Cedar Valley</strong> accepts payments online.',
      },
    });
    expect(await origin().getPayee('999999')).toEqual({ ok: true, value: null });
  });

  it('getPayees lists only partners that accept web payment', async () => {
    const result = await origin().searchPayees('val');
    if (!result.ok) throw new Error(result.kind);
    expect(result.value.map((r) => r.name).sort()).toEqual(['Cedar Valley Hospital', 'Valley Medical Group']);
    const everyone = await origin().searchPayees('a');
    if (!everyone.ok) throw new Error(everyone.kind);
    for (const r of everyone.value) expect(['1003', '1005', '1006', '1002']).not.toContain(r.id);
  });

  it('getPayees answers a list for any term up to the limit, case aside, wildcards taken as they are', async () => {
    const upper = await origin().searchPayees('VALLEY MED');
    expect(upper.ok && upper.value.map((r) => r.name)).toEqual(['Valley Medical Group']);
    for (const term of [
      'Valley Medical Group '.repeat(3).slice(0, 49),
      'x'.repeat(50),
      'Valley %_ Group ñ'.repeat(6).slice(0, 100),
      '%%%',
      '___',
    ]) {
      const result = await origin().searchPayees(term);
      expect(result, term).toEqual({ ok: true, value: [] });
    }
  });

  it('is_enabled reads the pay-wpbp-redirect flag', async () => {
    expect(await origin().featureEnabled('pay-wpbp-redirect')).toEqual({ ok: true, value: true });
  });

  it('404 reports are accepted', async () => {
    expect(await origin().report404('/no/such/page?x=1')).toEqual({ ok: true, value: undefined });
  });

  it('send_sms_client accepts a message to a US number', async () => {
    const sent = await origin().sendSms({
      num: '5595550100',
      body: 'Click here to finish paying your bill with Papaya: https://papaya.test/s/abc Reply HELP for help',
      messageType: 'BILL_PAY',
      googleRecaptchaToken: '',
      sendingApplication: 'PUBLIC_SITE',
      recipientType: 'USER',
    });
    expect(sent).toEqual({ ok: true, value: { success: true } });
  });

  it('forgot_password_back validates tokens and changes a password', async () => {
    expect(await origin().forgotPassword({ x: 'RESET-VALID' })).toEqual({ ok: true, value: { success: true, status: 'USER_VALIDATED' } });
    expect(await origin().forgotPassword({ x: 'RESET-MISMATCH' })).toMatchObject({
      ok: true,
      value: { status: 'MISMATCH_USER_ID_FOR_RESET' },
    });
    expect(await origin().forgotPassword({ x: 'RESET-EXPIRED' })).toMatchObject({ ok: true, value: { success: false } });
    expect(await origin().forgotPassword({ x: 'RESET-VALID', np: 'a much better password' })).toEqual({
      ok: true,
      value: { success: true, status: 'PASSWORD_CHANGED' },
    });
  });

  it('payment_back takes a multipart payment and answers with a confirmation URL', async () => {
    const result = await origin().submitPayment({
      query: { p: '1001', optE: true },
      fields: {
        patientName: 'Jane Doe',
        account: 'A123',
        amount: '125.50',
        email: 'jane@example.com',
        phone: '5595550100',
        ccn: '4242 4242 4242 4242',
        exp: '12/30',
        cvv: '123',
        billName: 'Jane Doe',
        zip: '93721',
        addr1: '1 Elm St',
        city: 'Fresno',
        state: 'CA',
        WebPayVue: 'true',
        Submit: 'Submit',
        deviceType: 'test',
        webUrl: 'valleymed',
      },
    });
    expect(result).toMatchObject({
      ok: true,
      value: { status: 'success', confirmationUrl: expect.stringMatching(/^\/receipt\/PAP-[A-Z0-9]+$/) },
    });
  });

  it('link_gmail_account reports success as the text true', async () => {
    expect(await origin().linkGmail({ state: 's', code: 'auth-code', scope: 'gmail.readonly', error: '' })).toEqual({
      ok: true,
      value: true,
    });
    expect(await origin().linkGmail({ state: 's', code: '', scope: '', error: 'access_denied' })).toEqual({ ok: true, value: false });
  });

  it('update_info_request gives each variant, takes answers, and deletes a request', async () => {
    for (const [t, type] of [
      ['INFO-DEADLINE', 'confirmDeadlineApproaching'],
      ['INFO-AMOUNT', 'confirmAmountIncrease'],
      ['INFO-FEE', 'confirmAmountIncreaseFee'],
      ['INFO-FIELDS', 'input'],
    ] as const) {
      const got = await origin().getInfoRequest(t);
      if (!got.ok) throw new Error(got.kind);
      expect(got.value[0]?.type).toBe(type);
    }
    expect(await origin().getInfoRequest('INFO-NONE')).toMatchObject({ ok: false, kind: 'bad-status', status: 404 });
    expect(
      await origin().submitInfoRequest({
        t: 'INFO-FIELDS',
        fields: [{ type: 'input', name: 'Account number', placeholder: '', value: 'A1' }],
      }),
    ).toEqual({ ok: true, value: true });
    expect(await origin().deleteInfoRequest('INFO-AMOUNT')).toEqual({ ok: true, value: 'BILL-2002' });
    expect(await origin().cancelBill('BILL-2002')).toEqual({ ok: true, value: true });
  });

  it('member_signup records a payment choice', async () => {
    expect(await origin().memberSignup({ paymentType: 'CARD_ON_FILE', cameFrom: 'email', ad: '2' })).toEqual({ ok: true, value: true });
  });

  it('pay_later maps each account to its result code', async () => {
    expect(await origin().payLater(btoa('member@example.com'))).toEqual({ ok: true, value: { status: 'success' } });
    expect(await origin().payLater('enrolled@example.com')).toEqual({
      ok: true,
      value: { status: 'error', result: { code: 'USER_ENROLLED_ALREADY' } },
    });
    expect(await origin().payLater('nobody@example.com')).toEqual({
      ok: true,
      value: { status: 'error', result: { code: 'USER_NOT_FOUND' } },
    });
  });

  it('get_paid leads an access code to setPass or successUser, and an unknown one to oopsTryAgain', async () => {
    expect(await origin().getPaid({ whichState: 'access', access: 'ACCESS1' })).toMatchObject({
      ok: true,
      value: { nextView: 'setPass', payeeId: '1001', payeeName: 'Valley Medical Group' },
    });
    expect(await origin().getPaid({ whichState: 'access', access: 'ACCESS2' })).toMatchObject({
      ok: true,
      value: { nextView: 'successUser', payeeId: '1008' },
    });
    expect(await origin().getPaid({ whichState: 'access', access: 'NOPE99' })).toMatchObject({
      ok: true,
      value: { nextView: 'oopsTryAgain' },
    });
  });

  it('get_paid takes an invite from preEmail to inviteForm to successKit', async () => {
    const invite = await origin().getPaid({ whichState: 'preEmail', i: btoa('1001') });
    if (!invite.ok) throw new Error(invite.kind);
    expect(invite.value).toMatchObject({ nextView: 'inviteForm', inviteCount: 1 });
    const done = await origin().getPaid({
      whichState: 'inviteForm',
      sessionToken: invite.value.sessionToken,
      email: 'biller@example.com',
      statements: '3K-10K',
    });
    expect(done).toMatchObject({ ok: true, value: { nextView: 'successKit' } });
  });

  it('send_team_email accepts a notification', async () => {
    const sent = await origin().sendTeamEmail({
      subject: 'Invite form',
      line: 'A biller asked for an invite',
      note: '',
      elist: 'team',
      form: { payeeName: 'Valley Medical Group', email: 'biller@example.com', statements: '< 3K' },
    });
    expect(sent).toEqual({ ok: true, value: true });
  });
});

describe('the HTTP implementation writes the contract wire formats', () => {
  beforeEach(resetStandIn);

  it('sends JSON bodies with their content type and queries as the contract writes them', async () => {
    const origin = originFor(httpEnv());
    await origin.payeeByUrl('valley med');
    await origin.forgotPassword({ x: 'RESET-VALID' });
    await origin.searchPayees('cedar');
    await origin.memberSignup({ paymentType: 'NEW_METHOD', cameFrom: 'sms', ad: '3' });
    const calls = await standInCalls();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/payee_url.php?url=valley+med',
      'POST /api/forgot_password_back.php',
      'GET /api/web_payment.php?action=getPayees&term=cedar&target=partner',
      'POST /api/member_signup.php?p=NEW_METHOD&f=sms&a=3',
    ]);
    expect(calls[0]!.body).toBe('');
    expect(calls[1]!.contentType).toBe('application/json');
    expect(JSON.parse(calls[1]!.body)).toEqual({ x: 'RESET-VALID' });
  });

  it('sends a payment as multipart with exactly the fields given, and the query flags', async () => {
    await originFor(httpEnv()).submitPayment({
      query: { p: '1009', silent: true, generic: true },
      fields: { account: 'INV-1,INV-2', isBtoB: 'true', amount: '10.00' },
    });
    const [call] = await standInCalls();
    expect(call!.path).toBe('/payment/payment_back.php?p=1009&silent=1&generic=1');
    expect(call!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const names = [...call!.body.matchAll(/name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(['account', 'isBtoB', 'amount']);
  });
});
