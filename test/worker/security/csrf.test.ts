import { beforeEach, describe, expect, it } from 'vitest';
import { formKeyFor, httpEnv, TEST_PAYMENT, request, resetStandIn, standInCalls } from '../origin-helpers';

/** Every route that changes something, with a body it would accept from this site. */
const WRITES: Array<[method: string, path: string, body: Record<string, string>]> = [
  ['POST', '/payment/payment_back.php?p=1001', { ...TEST_PAYMENT, amount: '10.00', formKey: 'csrf-attack-key-0001' }],
  ['POST', '/api/send_sms_client.php', { num: '5595550142' }],
  ['POST', '/api/forgot_password_back.php', { x: 'RESET-VALID', np: 'a new password' }],
  ['POST', '/api/update_info_request.php?t=INFO-FIELDS', {}],
  ['DELETE', '/api/update_info_request.php?t=INFO-FEE', {}],
  ['POST', '/cancel_back.php?o=BILL-2001', {}],
  ['POST', '/api/member_signup.php?p=CARD_ON_FILE&f=email&a=1', {}],
  ['POST', '/api/pay_later.php', { ue: 'member@example.com' }],
  ['POST', '/api/api_get_paid/get_paid.php', { whichState: 'access', access: 'ACCESS1' }],
  ['POST', '/api/send_team_email.php', { subject: 'x', line: 'x', note: 'x', elist: 'x' }],
  ['POST', '/api/link_gmail_account.php', { code: 'x' }],
  ['POST', '/api/shorten_url.php?action=shorten_url', { url: '/pay' }],
  ['POST', '/api/404.php', { path: '/nowhere' }],
  ['POST', '/api/vitals', { route: '/web-payment', version: 'local' }],
  ['PUT', '/_dev/flags/pay-wpbp-redirect', { enabled: 'false' }],
];

/** The same fields in each encoding a page on another site can send. */
function bodies(fields: Record<string, string>): Array<[type: string, body: BodyInit]> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return [
    ['application/json', JSON.stringify(fields)],
    ['application/x-www-form-urlencoded', new URLSearchParams(fields).toString()],
    ['multipart/form-data', form],
    [
      'text/plain',
      Object.entries(fields)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n'),
    ],
  ];
}

/** What a browser sends along when a page on `from` submits to this site. */
const CROSS_SITE: Array<[label: string, headers: Record<string, string>]> = [
  ['a current browser on another site', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }],
  ['a sibling subdomain', { Origin: 'https://shop.papaya.test', 'Sec-Fetch-Site': 'same-site' }],
  ['an older browser that sends Origin only', { Origin: 'https://evil.example' }],
  ['a sandboxed frame', { Origin: 'null' }],
];

describe('cross-site writes are refused before anything happens', () => {
  beforeEach(resetStandIn);

  for (const [label, headers] of CROSS_SITE) {
    it(`from ${label}: every write, in every encoding, is a 403 and reaches no backend`, async () => {
      for (const [method, path, fields] of WRITES) {
        for (const [type, body] of bodies(fields)) {
          const init: RequestInit = {
            method,
            headers: type === 'multipart/form-data' ? headers : { ...headers, 'Content-Type': type },
            body,
          };
          const res = await request(httpEnv(), path, init);
          expect(res.status, `${method} ${path} as ${type}`).toBe(403);
          expect(await res.json()).toEqual({ error: expect.stringContaining('another site'), fields: {} });
        }
      }
      expect(await standInCalls()).toEqual([]);
    });
  }

  it('the payment form posted from another site charges nothing, while the same post from this site does', async () => {
    const [, path, fields] = WRITES[0]!;
    const form = new URLSearchParams({ ...fields, formKey: await formKeyFor('1001') }).toString();
    const attack = await request(httpEnv(), path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      body: form,
    });
    expect(attack.status).toBe(403);
    expect(await standInCalls()).toEqual([]);

    const honest = await request(httpEnv(), path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://papaya.test', 'Sec-Fetch-Site': 'same-origin' },
      body: form,
    });
    expect(honest.status).toBe(200);
    expect((await standInCalls()).filter((c) => c.path.startsWith('/payment/payment_back.php'))).toHaveLength(1);
  });

  it('the refusal is told in the visitor’s language', async () => {
    const refused = (headers: Record<string, string>) =>
      request(httpEnv(), '/api/pay_later.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', ...headers },
        body: JSON.stringify({ ue: 'member@example.com' }),
      });
    const spanish = await refused({ 'Accept-Language': 'es-US,es;q=0.9' });
    expect(spanish.status).toBe(403);
    expect(await spanish.json()).toEqual({
      error: 'Esta solicitud vino de otro sitio, por eso se rechazó. Use el formulario de papayapay.com.',
      fields: {},
    });
    const english = await refused({ 'Accept-Language': 'en-US' });
    expect((await english.json<{ error: string }>()).error).toBe(
      'This request came from another site, so it was refused. Please use the form on papayapay.com.',
    );
    expect(await standInCalls()).toEqual([]);
  });

  it('reads and requests without a browser’s say are let through', async () => {
    expect(
      (await request(httpEnv(), '/valleymed', { headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } })).status,
    ).toBe(200);
    const noBrowser = await request(httpEnv(), '/api/404.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/x' }),
    });
    expect(noBrowser.status).toBe(200);
  });
});
