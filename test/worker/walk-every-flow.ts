import { expect } from 'vitest';
import { ERROR_REPORT_PATH } from '../../src/domain/error-reports';
import { formKeyFor, freshClient, json, TEST_PAYMENT, postForm, request } from './origin-helpers';
import { ANDROID, DESKTOP, IPHONE } from './helpers';

/**
 * Every flow of both specs, walked with known personal values and tokens, through the API and as
 * forms posted without script: what the site records (events, log lines) and what it stores
 * (D1, KV, Durable Objects) are then searched for these values.
 */
// What a visitor types, and tokens of the contract's demo: none of it may reach an event or a log line.
export const PHONE = '5595550142';
export const PHONE_TYPED = '(559) 555-0142';
export const EMAIL = 'jane.private@example.com';
export const NAME = 'Janet Privateperson';
export const CARD = '4111 1111 1111 1111';
export const CVV = '7391';
export const ADDRESS = '77 Secretive Lane';
export const CITY = 'Hiddenville';
export const TOKENS = [
  'RESET-VALID',
  'INFO-DEADLINE',
  'ACCESS1',
  'bWVtYmVyQGV4YW1wbGUuY29t',
  'secret-auth-code',
  'a secret new password',
  'long enough secret',
];
export const FORBIDDEN = [
  PHONE,
  PHONE_TYPED,
  '555-0142',
  EMAIL,
  'jane.private',
  NAME,
  'Privateperson',
  CARD,
  CARD.replace(/ /g, ''),
  '1111',
  CVV,
  ADDRESS,
  'Secretive',
  CITY,
  ...TOKENS,
];

/** The expiry every payment of the walk uses, as the site's form sends it. */
export const EXPIRY = TEST_PAYMENT.exp;

/** Walks every flow against `e` from `client`; gives back the values the walk made (a receipt number, a short link's key). */
export async function walkEveryFlow(e: Env, client: string): Promise<{ made: string[] }> {
  const as = (ua: string, init: RequestInit = {}) => ({
    ...init,
    headers: { 'User-Agent': ua, 'CF-Connecting-IP': client, ...init.headers },
  });

  // Pages of both specs, on the three devices, with queries that carry personal data.
  for (const ua of [IPHONE, ANDROID, DESKTOP])
    for (const path of [
      '/',
      '/valleymed',
      `/pay?p=1001&phone=${PHONE}`,
      `/web-payment?p=1001&email=${encodeURIComponent(EMAIL)}`,
      '/web-payment?ib=1&p=1009',
      '/update-password?x=RESET-VALID',
      '/update-info-request?t=INFO-DEADLINE',
      '/getpaid',
      '/member-signup?ad=2',
      '/pay-later?ue=bWVtYmVyQGV4YW1wbGUuY29t',
      '/terms-of-service',
      '/no-such-page',
    ])
      await request(e, path, as(ua));

  // A text, then texts to one number until its limit.
  const text = () =>
    request(
      e,
      '/api/send_sms_client.php',
      as(DESKTOP, { ...json({ num: PHONE_TYPED, payeeId: '1001' }), headers: { 'Content-Type': 'application/json' } }),
    );
  expect((await text()).status).toBe(200);
  for (let i = 0; i < 3; i++) await text();

  // A declined payment and an approved one, through the API and without script.
  const pay = async (ccn: string, cvv: string) => {
    const form = new FormData();
    const fields = {
      ...TEST_PAYMENT,
      patientName: NAME,
      billName: NAME,
      email: EMAIL,
      phone: PHONE_TYPED,
      addr1: ADDRESS,
      city: CITY,
      ccn,
      cvv,
    };
    for (const [k, v] of Object.entries({ ...fields, amount: '42.50', formKey: await formKeyFor('1001') })) form.append(k, v);
    return request(e, '/payment/payment_back.php?p=1001', { method: 'POST', body: form, headers: { 'CF-Connecting-IP': freshClient() } });
  };
  expect(await (await pay('4000 0000 0000 0002', CVV)).json()).toMatchObject({ status: 'error' });
  const paid = await (await pay(CARD, CVV)).json<{ status: string; confirmationUrl: string }>();
  expect(paid).toMatchObject({ status: 'success' });
  // The receipt and a texted short link: their number and key are in the path, never recorded.
  await request(e, paid.confirmationUrl, as(IPHONE));
  const confirmation = paid.confirmationUrl.split('/').pop()!;
  const shortened = await request(
    e,
    '/api/shorten_url.php?action=shorten_url',
    as(DESKTOP, json({ url: 'https://papaya.test/web-payment?p=1001' })),
  );
  const { key } = await shortened.json<{ key: string }>();
  expect(key).toBeTruthy();
  await request(e, `/s/${key}`, as(IPHONE));
  const { ccn: _c, cvv: _v, ...payer } = TEST_PAYMENT;
  await postForm(
    '/web-payment?p=1001',
    {
      _form: 'payment',
      step: 'card',
      formKey: await formKeyFor('1001'),
      ...payer,
      patientName: NAME,
      email: EMAIL,
      ccn: '5555 5555 5555 4444',
      cvv: '000',
    },
    freshClient(),
    'same-origin',
    e,
  );

  // The other flows of both specs, posted as forms without script, with their tokens and codes.
  const form = (path: string, fields: Record<string, string>) => postForm(path, fields, freshClient(), 'same-origin', e);
  await form('/update-password?x=RESET-VALID', {
    _form: 'reset',
    x: 'RESET-VALID',
    np: 'a secret new password',
    confirm: 'a secret new password',
  });
  await form('/update-info-request?t=INFO-DEADLINE', { _form: 'info', answer: 'confirm' });
  const setPass = await (await form('/getpaid', { _form: 'get-paid', whichState: 'access', access: 'ACCESS1' })).text();
  const sessionToken = /name="sessionToken" value="([^"]+)"/.exec(setPass)?.[1] ?? '';
  await form('/getpaid', {
    _form: 'get-paid',
    whichState: 'setPass',
    sessionToken,
    email: EMAIL,
    pass: 'long enough secret',
    confirm: 'long enough secret',
  });
  await form('/member-signup?camefrom=app&ad=2&v=2', { _form: 'membership', payment: 'NEW_METHOD' });
  await form('/pay-later?ue=bWVtYmVyQGV4YW1wbGUuY29t', { _form: 'pay-later', ue: 'bWVtYmVyQGV4YW1wbGUuY29t' });
  await form('/account-link?code=secret-auth-code', {
    _form: 'account-link',
    state: 's1',
    code: 'secret-auth-code',
    scope: 'gmail.readonly',
  });
  await request(e, '/api/pay_later.php', as(DESKTOP, json({ ue: 'bWVtYmVyQGV4YW1wbGUuY29t' })));

  // A browser's error report, with personal data in its message and source.
  const reported = await request(
    e,
    ERROR_REPORT_PATH,
    as(IPHONE, {
      ...json({
        kind: 'error',
        message: `TypeError: cannot read ${EMAIL} ${PHONE} ${CARD} at https://papaya.test/web-payment?p=1001&email=x`,
        source: '/assets/web-payment-form.js',
        line: 12,
        column: 7,
        page: 'web-payment',
        version: 'v1',
      }),
    }),
  );
  expect(reported.status).toBe(204);

  return { made: [confirmation, key] };
}
