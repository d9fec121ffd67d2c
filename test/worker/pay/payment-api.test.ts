import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  embeddedEnv,
  freshClient,
  httpEnv,
  injectAnswer,
  injectFault,
  request,
  resetGuard,
  resetStandIn,
  standInCalls,
} from '../origin-helpers';

import { newKey, pay, paymentCalls, valid } from './payment-api-helpers';
import { PAYMENT_FIELD_DESCRIPTIONS } from '../../../src/domain/payment';
import { WIRE_NAMES } from '../../../src/origin/payment';

afterEach(() => vi.restoreAllMocks());
// These tests are about the payment itself; the guard's limits have their own (security/attacks.test.ts).
beforeEach(resetGuard);

describe('the payment API refuses bad input without forwarding it', () => {
  beforeEach(resetStandIn);

  it.each([
    ['patientName', '', 'Required'],
    ['account', '', 'Required'],
    ['amount', '0', 'Required'],
    [
      'amount',
      '2000.01',
      'Unfortunately we are unable to accept payments over $2,000 via Papaya Web Payment. Please download the Papaya app to proceed with paying this bill.',
    ],
    ['email', 'jane@', 'Please enter a valid email address.'],
    ['phone', '555-0100', 'Please enter a valid phone number.'],
    ['ccn', '4242 4242 4242 4241', 'Invalid / Not Accepted'],
    ['exp', '01/20', 'Please enter a valid expiration date (MM/YY).'],
    ['cvv', '12', 'Please enter the 3 or 4 digit security code.'],
    ['billName', 'Jane', "Please enter the cardholder's first and last name."],
    ['zip', '937', 'Please enter a 5-digit ZIP code.'],
    ['addr1', '', 'Required'],
    ['city', '', 'Required'],
    ['state', 'ZZ', 'Please choose a state.'],
  ])('%s = %j: %s', async (field, value, message) => {
    const res = await pay(httpEnv(), { ...valid, [field]: value });
    expect(res.status).toBe(400);
    expect((await res.json<{ fields: Record<string, string> }>()).fields[field]).toBe(message);
    // Nothing that was sent reaches the backend: at most the payee is read, as its form was drawn from it.
    const calls = await standInCalls();
    expect(calls.filter((call) => call.path !== '/api/web_payment.php?action=getPayee&p=1001')).toEqual([]);
  });

  it('checks the payee rules: Cedar Valley refuses American Express and its account pattern', async () => {
    const cedar = { ...valid, account: 'CV123456', payDOS: '03/04/2026', billingZip: '93291' };
    const amex = await pay(httpEnv(), { ...cedar, ccn: '378282246310005', cvv: '1234' }, 'p=1007');
    expect((await amex.json<{ fields: Record<string, string> }>()).fields.ccn).toBe('Invalid / Not Accepted');
    const account = await pay(httpEnv(), { ...cedar, account: 'ZZ1' }, 'p=1007');
    expect((await account.json<{ fields: Record<string, string> }>()).fields.account).toBe(
      'Please enter a valid account number that starts with: CV',
    );
    expect(await paymentCalls()).toEqual([]);
  });

  it('refuses payees not offered web payment, wrong content types, duplicates, files, oversize forms and a missing key', async () => {
    const notOffered = await pay(httpEnv(), valid, 'p=1005');
    expect(notOffered.status).toBe(400);
    expect((await notOffered.json<{ error: string }>()).error).toBe('This biller does not accept web payments.');

    const json = await request(httpEnv(), '/payment/payment_back.php?p=1001', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...valid, formKey: await newKey() }),
    });
    expect(json.status).toBe(415);

    const twice = await pay(httpEnv(), { ...valid, amount: ['1.00', '2.00'] });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ error: 'Please check the highlighted fields.', fields: { amount: 'Sent more than once.' } });

    const withFile = new FormData();
    for (const [k, v] of Object.entries({ ...valid, formKey: await newKey() })) withFile.append(k, v);
    withFile.append('payNote', new File(['%PDF'], 'bill.pdf', { type: 'application/pdf' }));
    const file = await request(httpEnv(), '/payment/payment_back.php?p=1001', { method: 'POST', body: withFile });
    expect(file.status).toBe(400);
    expect((await file.json<{ error: string }>()).error).toBe('Files are not accepted.');

    const huge = await pay(httpEnv(), { ...valid, payNote: 'x'.repeat(40 * 1024) });
    expect(huge.status).toBe(413);
    expect((await huge.json<{ error: string }>()).error).toBe('The request is too large.');

    const noKey = new FormData();
    for (const [k, v] of Object.entries(valid)) noKey.append(k, v);
    expect((await request(httpEnv(), '/payment/payment_back.php?p=1001', { method: 'POST', body: noKey })).status).toBe(400);
    expect(await paymentCalls()).toEqual([]);
  });
});

describe('what the origin receives', () => {
  beforeEach(resetStandIn);

  it('exactly the spec fields, card digits only, and the confirmation URL back', async () => {
    const res = await pay(httpEnv(), valid, 'p=1001&optE=true');
    expect(await res.json()).toEqual({ status: 'success', confirmationUrl: '/receipt/PAP-STANDIN1' });
    const [call] = await paymentCalls();
    expect(call!.path).toBe('/payment/payment_back.php?p=1001&optE=true');
    // The spec's fields, and any field the description added since, under its own name (test/unit/wire-names.test.ts).
    const added: string[] = Object.keys(PAYMENT_FIELD_DESCRIPTIONS).filter((name) => !(name in WIRE_NAMES));
    const names = [...call!.body.matchAll(/name="([^"]+)"/g)].map((m) => m[1]!).filter((name) => !added.includes(name));
    expect(names.sort()).toEqual(
      [
        'patientName',
        'account',
        'payDOB',
        'amount',
        'email',
        'phone',
        'ccn',
        'exp',
        'cvv',
        'billName',
        'zip',
        'addr1',
        'city',
        'state',
        'payNote',
        'googleRecaptchaToken',
        'WebPayVue',
        'Submit',
        'deviceType',
        'webUrl',
        'paybotName',
        'paybotFields',
      ].sort(),
    );
    expect(call!.body).toContain('4242424242424242');
    expect(call!.body).toMatch(/name="amount"\r\n\r\n125\.50\r\n/);
  });

  it('fields the payee does not ask for are not sent on', async () => {
    // Pinecrest (1008) has no custom fields.
    await pay(httpEnv(), { ...valid, payDOB: '01/31/1980', payDOS: '02/02/2026', billingZip: '93721' }, 'p=1008');
    const [call] = await paymentCalls();
    expect(call!.body).not.toMatch(/name="(payDOB|payDOS|billingZip)"/);
  });

  it('asks the bot-check service when PAYBOT_URL is set, and sends its answer on', async () => {
    const res = await pay(httpEnv({ PAYBOT_URL: `${env.STAND_IN_URL}/paybot` } as Partial<Env>), valid);
    // The answer names the wait among its others.
    expect(res.headers.get('Server-Timing')).toMatch(/(^|, )paybot;desc="1 call"/);
    const calls = await standInCalls();
    const paybot = calls.find((c) => c.path === '/paybot')!;
    expect(paybot.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(paybot.body))).toMatchObject({
      pid: '1001',
      pname: 'Valley Medical Group',
      commonBot: '',
    });
    const [payment] = await paymentCalls();
    expect(payment!.body).toMatch(/name="paybotName"\r\n\r\nbot-1001\r\n/);
    expect(payment!.body).toMatch(/name="paybotFields"\r\n\r\nk1:::k2\r\n/);
  });

  it('sends empty bot-check fields when PAYBOT_URL is not set', async () => {
    const res = await pay(httpEnv(), valid);
    expect(res.headers.get('Server-Timing')).not.toContain('paybot');
    const [payment] = await paymentCalls();
    expect(payment!.body).toMatch(/name="paybotName"\r\n\r\n\r\n/);
    expect(payment!.body).toMatch(/name="paybotFields"\r\n\r\n\r\n/);
  });

  it('the company version sends the invoice numbers comma-joined as the account, with isBtoB', async () => {
    const { account: _a, payDOB: _d, ...company } = valid;
    await pay(httpEnv(), { ...company, invoice: ['INV-1', 'INV-2'], isBtoB: 'true' }, 'p=1009');
    const [call] = await paymentCalls();
    expect(call!.body).toMatch(/name="account"\r\n\r\nINV-1,INV-2\r\n/);
    expect(call!.body).toMatch(/name="isBtoB"\r\n\r\ntrue\r\n/);
  });

  it('an answer of the charge the site cannot read may have charged: the payer is told whom to call before paying again', async () => {
    await injectFault('/payment/', 'wrong-shape');
    const res = await pay(httpEnv({ ORIGIN_TIMEOUT_MS: '500' } as Partial<Env>), valid);
    expect(res.status).toBe(409);
    expect((await res.json<{ error: string }>()).error).toMatch(
      /^We could not confirm whether this payment went through, so it was not sent again\./,
    );
  });
});

describe('a decline names the field to correct', () => {
  beforeEach(resetStandIn);
  const declined = async (res: Response) => {
    expect(res.status).toBe(200);
    return res.json<{ status: string; message: string; field: string; formKey: string }>();
  };

  it.each([
    ['4000 0000 0000 0002', '123', 'Your card was declined.', 'ccn'],
    ['4000 0000 0000 9995', '123', 'Your card has insufficient funds.', 'ccn'],
    ['4000 0000 0000 0069', '123', 'Your card has expired.', 'ccn'],
    ['5555 5555 5555 4444', '000', 'The security code is incorrect.', 'cvv'],
  ])('card %s with code %s: %j at %s, from either origin', async (ccn, cvv, message, field) => {
    for (const e of [embeddedEnv(), httpEnv()]) {
      const answer = await declined(await pay(e, { ...valid, ccn, cvv }));
      expect(answer).toMatchObject({ status: 'error', message, field });
      expect(answer.formKey).toMatch(/^1001-/);
    }
  });

  it("a known decline is said in the visitor's language; one the site does not know, as the backend wrote it", async () => {
    const spanish = async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...valid, ccn: '4000 0000 0000 0002', formKey: await newKey() }))
        form.append(name, value);
      return request(httpEnv(), '/payment/payment_back.php?p=1001&lang=es', {
        method: 'POST',
        body: form,
        headers: { 'CF-Connecting-IP': freshClient(), 'Accept-Language': 'es-US' },
      });
    };
    expect(await declined(await spanish())).toMatchObject({ message: 'Su tarjeta fue rechazada.', field: 'ccn' });
    await injectAnswer('/payment/', { status: 'error', message: 'Do not honor.' });
    expect(await declined(await spanish())).toMatchObject({ message: 'Do not honor.' });
  });

  it('a message the site does not know goes to the card number', async () => {
    await injectAnswer('/payment/', { status: 'error', message: 'Do not honor.' });
    expect(await declined(await pay(httpEnv(), valid))).toMatchObject({ status: 'error', message: 'Do not honor.', field: 'ccn' });
  });

  it('the corrected security code pays with the new key, the card number unchanged', async () => {
    const client = freshClient();
    const form = async (cvv: string, key: string) => {
      const body = new FormData();
      for (const [name, value] of Object.entries({ ...valid, ccn: '5555 5555 5555 4444', cvv, formKey: key })) body.append(name, value);
      return request(embeddedEnv(), '/payment/payment_back.php?p=1001', { method: 'POST', body, headers: { 'CF-Connecting-IP': client } });
    };
    const first = await declined(await form('000', await newKey()));
    expect(first.field).toBe('cvv');
    expect(await (await form('123', first.formKey)).json()).toMatchObject({ status: 'success' });
  });
});
