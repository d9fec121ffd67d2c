import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { httpEnv, request, resetStandIn, standInCalls } from '../origin-helpers';

/**
 * Every browser-facing route refuses bad input with a 4xx and the error shape, and nothing
 * reaches the origin (the HTTP stand-in records every call it gets).
 */
type Route = { method: 'GET' | 'POST' | 'DELETE'; path: string; json: boolean };

const ROUTES: Record<string, Route> = {
  payeeUrl: { method: 'POST', path: '/api/payee_url.php?url=valleymed', json: false },
  report404: { method: 'POST', path: '/api/404.php', json: true },
  flag: { method: 'GET', path: '/api/unleash/is_enabled.php?featureName=pay-wpbp-redirect', json: false },
  reset: { method: 'POST', path: '/api/forgot_password_back.php', json: true },
  getPayee: { method: 'POST', path: '/api/web_payment.php?action=getPayee&p=1001', json: false },
  search: { method: 'GET', path: '/api/web_payment.php?action=getPayees&term=valley&target=partner', json: false },
  emailLink: { method: 'POST', path: '/api/link_gmail_account.php', json: true },
  infoGet: { method: 'GET', path: '/api/update_info_request.php?t=INFO-FEE', json: false },
  infoPost: { method: 'POST', path: '/api/update_info_request.php?t=INFO-FIELDS', json: true },
  infoDelete: { method: 'DELETE', path: '/api/update_info_request.php?t=INFO-FEE', json: false },
  cancel: { method: 'POST', path: '/cancel_back.php?t=INFO-FEE', json: false },
  member: { method: 'POST', path: '/api/member_signup.php?p=CARD_ON_FILE&f=email&a=1', json: false },
  payLater: { method: 'POST', path: '/api/pay_later.php', json: true },
  getPaid: { method: 'POST', path: '/api/api_get_paid/get_paid.php', json: true },
  shorten: { method: 'POST', path: '/api/shorten_url.php?action=shorten_url', json: true },
  sms: { method: 'POST', path: '/api/send_sms_client.php', json: true },
};

/** Malformed queries for the routes that take their input in the query string. */
const BAD_QUERIES: Record<string, string[]> = {
  payeeUrl: [
    '',
    '?url=',
    '?url=%3Cscript%3E',
    '?url=a%20b',
    '?url=' + 'x'.repeat(101),
    '?url=..%2F..',
    '?url=a%00b',
    '?url=%E2%80%8B',
    '?other=valleymed',
    "?url=val'med",
    '?url=%0Avalleymed',
  ],
  flag: [
    '',
    '?featureName=',
    '?featureName=other-flag',
    '?featureName=PAY-WPBP-REDIRECT',
    '?featureName=pay-wpbp-redirect%00',
    '?featureName[]=x',
    '?feature=pay-wpbp-redirect',
    '?featureName=' + 'x'.repeat(500),
    '?featureName=%20pay-wpbp-redirect',
    '?featureName=1',
    '?featureName=true',
  ],
  getPayee: [
    '',
    '?action=getPayee',
    '?action=getPayee&p=',
    '?action=getPayee&p=abc',
    '?action=getPayee&p=-1',
    '?action=getPayee&p=1.5',
    '?action=getPayee&p=' + '9'.repeat(19),
    '?action=other&p=1001',
    '?p=1001',
    '?action=getPayee&p=1001%20',
    '?action=getPayee&p=%31%30%30%31x',
  ],
  search: [
    '',
    '?action=getPayees&target=partner',
    '?action=getPayees&term=ab&target=partner',
    '?action=getPayees&term=%20%20%20&target=partner',
    '?action=getPayees&term=valley',
    '?action=getPayees&term=valley&target=all',
    '?action=getPayee&term=valley&target=partner',
    '?term=valley&target=partner',
    '?action=getPayees&term=&target=partner',
    '?action=getPayees&term=a&target=partner',
  ],
  infoGet: [
    '',
    '?t=',
    '?t=%3Cx%3E',
    '?t=a%20b',
    '?t=' + 'T'.repeat(201),
    '?t=INFO%00FEE',
    '?t=%0A',
    '?token=INFO-FEE',
    "?t=INFO'FEE",
    '?t=INFO/FEE',
    '?t=INFO%22FEE',
  ],
  infoDelete: [
    '',
    '?t=',
    '?t=%3Cx%3E',
    '?t=a%20b',
    '?t=' + 'T'.repeat(201),
    '?t=INFO%00FEE',
    '?t=%0A',
    '?token=INFO-FEE',
    "?t=INFO'FEE",
    '?t=INFO/FEE',
    '?t=INFO%22FEE',
  ],
  cancel: [
    '',
    '?o=',
    '?o=%3Cx%3E',
    '?o=a%20b',
    '?o=' + 'B'.repeat(201),
    '?o=BILL%00',
    '?bill=BILL-2001',
    "?o=BILL'2001",
    '?o=BILL/2001',
    '?o=%0A',
    '?o=BILL%3B2001',
  ],
  member: [
    '',
    '?p=',
    '?p=CASH',
    '?p=card_on_file',
    '?p=CARD_ON_FILE&a=123',
    '?p=CARD_ON_FILE&a=x',
    '?p=NEW_METHOD&f=' + 'f'.repeat(101),
    '?f=email&a=1',
    '?p=CARD_ON_FILE%00',
    '?p=NEW_METHOD&a=-1',
    '?p=%20NEW_METHOD',
  ],
};

/** Malformed JSON requests that every JSON route must refuse. */
const BAD_JSON_BODIES: Array<[label: string, init: RequestInit]> = [
  ['no content type', { body: '{}' }],
  ['text/plain', { headers: { 'Content-Type': 'text/plain' }, body: '{}' }],
  ['form encoded', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'x=1' }],
  ['multipart', { headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: '--x--' }],
  ['truncated JSON', { headers: { 'Content-Type': 'application/json' }, body: '{"x": ' }],
  ['not JSON', { headers: { 'Content-Type': 'application/json' }, body: 'hello' }],
  ['empty body', { headers: { 'Content-Type': 'application/json' }, body: '' }],
  ['null', { headers: { 'Content-Type': 'application/json' }, body: 'null' }],
  ['array', { headers: { 'Content-Type': 'application/json' }, body: '[]' }],
  ['number', { headers: { 'Content-Type': 'application/json' }, body: '42' }],
  ['string', { headers: { 'Content-Type': 'application/json' }, body: '"x"' }],
  ['too large', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(20_000) }) }],
];

/** Objects of the right kind but wrong content, per JSON route (all required fields broken). */
const BAD_OBJECTS: Record<string, unknown[]> = {
  report404: [{}, { path: '' }, { path: 'no-slash' }, { path: 42 }, { path: '/' + 'x'.repeat(2001) }, { path: ['/x'] }],
  reset: [
    {},
    { x: '' },
    { x: 42 },
    { x: 'bad token!' },
    { x: 'RESET-VALID', np: 'short' },
    { x: 'RESET-VALID', np: 12345678 },
    { x: 'T'.repeat(201) },
  ],
  emailLink: [{ code: 42 }, { state: ['x'] }, { scope: { a: 1 } }, { error: 'e'.repeat(501) }, { code: 'c'.repeat(2001) }, { state: null }],
  infoPost: [
    {},
    { fields: [] },
    { fields: 'x' },
    { fields: [{ type: 'other', name: 'x' }] },
    { fields: [{ type: 'input' }] },
    { fields: Array(51).fill({ type: 'input', name: 'a', value: '' }) },
  ],
  payLater: [{}, { ue: '' }, { ue: '   ' }, { ue: 42 }, { ue: ['a@b.c'] }, { ue: 'x'.repeat(401) }],
  getPaid: [
    {},
    { whichState: 'nowhere' },
    { whichState: 'successUser' },
    { whichState: 'oops', access: 'ACCESS1' },
    { whichState: 42 },
    { whichState: 'access', access: 42 },
    { whichState: 'access', signup: 'yes' },
    { whichState: 'setPass', email: 'e'.repeat(255) },
  ],
  sms: [
    {},
    { num: '' },
    { num: 5595550100 },
    { num: '555-0100' },
    { num: '5595550100', payeeId: 'abc' },
    { num: '5595550100', source: 'x' },
    { num: ['5595550100'] },
    { num: '+44 20 7946 0958' },
  ],
  shorten: [{}, { url: '' }, { url: 42 }, { url: 'x'.repeat(2001) }, { url: 'https://evil.example/' }, { url: '//evil.example' }],
};

async function expectRefused(res: Response) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const body = await res.json<{ error: string; fields: Record<string, string> }>();
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(0);
  expect(typeof body.fields).toBe('object');
}

describe('bad input never reaches the origin', () => {
  beforeEach(resetStandIn);

  for (const [name, queries] of Object.entries(BAD_QUERIES)) {
    const route = ROUTES[name]!;
    it(`${route.method} ${route.path.split('?')[0]}: ${queries.length} malformed queries`, async () => {
      expect(queries.length).toBeGreaterThanOrEqual(10);
      for (const query of queries)
        await expectRefused(await request(httpEnv(), `${route.path.split('?')[0]}${query}`, { method: route.method }));
      expect(await standInCalls()).toEqual([]);
    });
  }

  for (const [name, objects] of Object.entries(BAD_OBJECTS)) {
    const route = ROUTES[name]!;
    it(`${route.method} ${route.path.split('?')[0]}: ${BAD_JSON_BODIES.length + objects.length} malformed bodies`, async () => {
      for (const [, init] of BAD_JSON_BODIES) await expectRefused(await request(httpEnv(), route.path, { method: route.method, ...init }));
      for (const body of objects) {
        await expectRefused(
          await request(httpEnv(), route.path, {
            method: route.method,
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          }),
        );
      }
      expect(await standInCalls()).toEqual([]);
    });
  }

  it('bodyless calls refuse an oversized body', async () => {
    for (const name of ['payeeUrl', 'getPayee', 'cancel', 'member']) {
      const route = ROUTES[name]!;
      const res = await request(httpEnv(), route.path, { method: route.method, body: 'x'.repeat(20_000) });
      expect(res.status).toBe(413);
    }
    expect(await standInCalls()).toEqual([]);
  });

  it('any JSON value that is not an object is refused by every JSON route (property)', async () => {
    const jsonRoutes = Object.values(ROUTES).filter((r) => r.json);
    const notAnObject = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.jsonValue(), { maxLength: 5 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...jsonRoutes), notAnObject, async (route, value) => {
        const res = await request(httpEnv(), route.path, {
          method: route.method,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(value),
        });
        return res.status === 400 && typeof (await res.json<{ error: unknown }>()).error === 'string';
      }),
      { numRuns: 60 },
    );
    expect(await standInCalls()).toEqual([]);
  });

  it('strings with control and non-ASCII characters never pass as payee names or tokens (property)', async () => {
    const hostile = fc.string({
      minLength: 1,
      maxLength: 40,
      unit: fc.constantFrom('\u0000', '\n', '\t', '<', '"', "'", ' ', '/', 'é', '\u202e', '😀', '%'),
    });
    await fc.assert(
      fc.asyncProperty(hostile, fc.constantFrom('payeeUrl', 'infoGet', 'cancel'), async (text, name) => {
        const route = ROUTES[name]!;
        const key = name === 'payeeUrl' ? 'url' : 't';
        const res = await request(httpEnv(), `${route.path.split('?')[0]}?${new URLSearchParams({ [key]: text })}`, {
          method: route.method,
        });
        return res.status === 400;
      }),
      { numRuns: 60 },
    );
    expect(await standInCalls()).toEqual([]);
  });
});

describe('the API answers JSON for unknown calls', () => {
  it('an unknown /api path is a JSON 404 with the error shape', async () => {
    const res = await request(httpEnv(), '/api/nothing.php', { method: 'POST' });
    expect(res.status).toBe(404);
    await expect(res.json()).resolves.toMatchObject({ error: expect.any(String), fields: {} });
  });
});
