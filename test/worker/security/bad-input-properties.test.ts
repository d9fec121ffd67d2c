import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TERM_MAX } from '../../../src/domain/payee';
import { formKeyFor, httpEnv, request, resetStandIn, standInCalls, TEST_PAYMENT } from '../origin-helpers';

/**
 * Property-based attacks on every browser-facing API route and legacy path, 1,000 runs each:
 * malformed JSON, wrong types, huge strings, control and non-ASCII characters, duplicate fields
 * and wrong content types. Every answer is a 4xx with the error shape; nothing reaches the origin.
 */
const RUNS = 1000;

/** JSON routes and the fields each one reads. */
const JSON_ROUTES: Record<string, { method: string; path: string; fields: string[] }> = {
  report404: { method: 'POST', path: '/api/404.php', fields: ['path'] },
  reset: { method: 'POST', path: '/api/forgot_password_back.php', fields: ['x', 'np'] },
  emailLink: { method: 'POST', path: '/api/link_gmail_account.php', fields: ['code', 'state', 'scope', 'error'] },
  infoPost: { method: 'POST', path: '/api/update_info_request.php?t=INFO-FIELDS', fields: ['fields'] },
  payLater: { method: 'POST', path: '/api/pay_later.php', fields: ['ue'] },
  getPaid: { method: 'POST', path: '/api/api_get_paid/get_paid.php', fields: ['whichState', 'access', 'email', 'pass'] },
  shorten: { method: 'POST', path: '/api/shorten_url.php?action=shorten_url', fields: ['url'] },
  sms: { method: 'POST', path: '/api/send_sms_client.php', fields: ['num', 'payeeId', 'source'] },
};

/** Routes that read one value from the query string, and the name of that value. */
const QUERY_ROUTES: Record<string, { method: string; path: string; key: string; fixed?: string }> = {
  payeeUrl: { method: 'POST', path: '/api/payee_url.php', key: 'url' },
  flag: { method: 'GET', path: '/api/unleash/is_enabled.php', key: 'featureName' },
  getPayee: { method: 'POST', path: '/api/web_payment.php', key: 'p', fixed: 'action=getPayee' },
  infoGet: { method: 'GET', path: '/api/update_info_request.php', key: 't' },
  infoDelete: { method: 'DELETE', path: '/api/update_info_request.php', key: 't' },
  cancel: { method: 'POST', path: '/cancel_back.php', key: 't' },
  member: { method: 'POST', path: '/api/member_signup.php', key: 'p', fixed: 'f=email&a=1' },
};

const HOSTILE_CHARS = [
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\n',
  '\r',
  '\t',
  '<',
  '>',
  '"',
  "'",
  '`',
  ' ',
  '/',
  '\\',
  '%',
  ';',
  'é',
  'ß',
  '\u202e',
  '\u200b',
  '\ufeff',
  '😀',
  '中',
];
/** A string that is never a valid token, code, name or number: every character is hostile. */
const hostile = fc.string({ minLength: 1, maxLength: 60, unit: fc.constantFrom(...HOSTILE_CHARS) });
/** Hostile and with at least one control or non-ASCII character, which no value of any page may hold. */
const unprintable = hostile.filter((s) => /[^\x20-\x7e]/.test(s));
const huge = fc.integer({ min: 2_100, max: 30_000 }).map((n) => 'x'.repeat(n));
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const NOT_JSON_TYPES = [
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/jsonx',
  'json',
  '',
];

/** A JSON request body that no JSON route may accept, with its content type. */
function badJsonRequest(fields: string[]): fc.Arbitrary<{ type: string | null; body: string }> {
  const json = 'application/json';
  const objectWith = (value: fc.Arbitrary<unknown>) =>
    fc
      .subarray(fields, { minLength: 1 })
      .chain((keys) => fc.tuple(...keys.map(() => value)).map((values) => Object.fromEntries(keys.map((k, i) => [k, values[i]]))));
  return fc.oneof(
    // Not JSON at all, or JSON that is not an object.
    fc
      .string({ maxLength: 200 })
      .filter((s) => {
        try {
          const v: unknown = JSON.parse(s);
          return v === null || typeof v !== 'object' || Array.isArray(v);
        } catch {
          return true;
        }
      })
      .map((body) => ({ type: json, body })),
    fc
      .jsonValue()
      .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
      .map((v) => ({ type: json, body: JSON.stringify(v) })),
    // Truncated objects.
    objectWith(fc.string({ maxLength: 20 })).chain((o) => {
      const text = JSON.stringify(o);
      return fc.integer({ min: 1, max: text.length - 1 }).map((cut) => ({ type: json, body: text.slice(0, cut) }));
    }),
    // The route's own fields with values of the wrong type.
    objectWith(wrongType).map((o) => ({ type: json, body: JSON.stringify(o) })),
    // The route's own fields as huge strings.
    objectWith(huge).map((o) => ({ type: json, body: JSON.stringify(o) })),
    // Duplicate fields: the last one, which JSON.parse keeps, has the wrong type.
    fc.tuple(fc.constantFrom(...fields), fc.string({ maxLength: 20 }), wrongType).map(([key, first, last]) => ({
      type: json,
      body: `{${JSON.stringify(key)}:${JSON.stringify(first)},${JSON.stringify(key)}:${JSON.stringify(last)}}`,
    })),
    // A valid-looking object sent as something other than JSON.
    fc
      .tuple(fc.constantFrom(...NOT_JSON_TYPES, null), objectWith(fc.string({ maxLength: 20 })))
      .map(([type, o]) => ({ type, body: JSON.stringify(o) })),
  );
}

async function isRefusal(res: Response): Promise<boolean> {
  if (res.status < 400 || res.status >= 500) return false;
  const body = await res.json<{ error?: unknown; fields?: unknown }>().catch(() => null);
  return !!body && typeof body.error === 'string' && body.error.length > 0 && typeof body.fields === 'object' && body.fields !== null;
}

/**
 * Every attack is refused with the error shape, and nothing it sent reaches the origin: no call
 * but those in `constant` (a payment's payee read, the same any view of its page makes).
 */
async function expectRefusedWithoutOrigin<T>(
  attacks: fc.Arbitrary<T>,
  send: (attack: T) => Promise<Response>,
  constant: readonly string[] = [],
): Promise<void> {
  await resetStandIn();
  await fc.assert(
    fc.asyncProperty(attacks, async (attack) => isRefusal(await send(attack))),
    { numRuns: RUNS },
  );
  expect((await standInCalls()).filter((call) => !constant.includes(call.path))).toEqual([]);
}

describe(`bad input, ${RUNS} runs per route`, () => {
  beforeAll(resetStandIn);

  for (const [name, route] of Object.entries(JSON_ROUTES)) {
    it(`${route.method} ${route.path.split('?')[0]} (${name})`, async () => {
      await expectRefusedWithoutOrigin(badJsonRequest(route.fields), ({ type, body }) => {
        const headers: Record<string, string> = { 'CF-Connecting-IP': '203.0.113.200' };
        if (type !== null) headers['Content-Type'] = type;
        return request(httpEnv(), route.path, { method: route.method, headers, body });
      });
    }, 120_000);
  }

  for (const [name, route] of Object.entries(QUERY_ROUTES)) {
    it(`${route.method} ${route.path} (${name})`, async () => {
      const value = fc.oneof(
        hostile,
        huge.map((s) => s.slice(0, 3_000)),
      );
      const query = fc.oneof(
        value.map((v) => new URLSearchParams({ [route.key]: v }).toString()),
        // The same field twice, both bad.
        fc.tuple(value, value).map(([a, b]) => `${new URLSearchParams({ [route.key]: a })}&${new URLSearchParams({ [route.key]: b })}`),
        // The field under a name that differs only in case or by a bracket.
        value.map((v) => new URLSearchParams({ [`${route.key.toUpperCase()}`]: v, [`${route.key}[]`]: v }).toString()),
      );
      await expectRefusedWithoutOrigin(query, (q) =>
        request(httpEnv(), `${route.path}?${route.fixed ? `${route.fixed}&` : ''}${q}`, { method: route.method }),
      );
    }, 120_000);
  }

  it('GET /api/web_payment.php (getPayees): search terms too short, blank or huge', async () => {
    const term = fc.oneof(
      fc.string({ maxLength: 2 }),
      fc.string({ minLength: 1, maxLength: 20, unit: fc.constantFrom(' ', '\t', '\n', '\u00a0') }),
    );
    const wrongTarget = fc.tuple(
      huge.map((s) => s.slice(0, 3_000)),
      fc.constantFrom('all', '', 'PARTNER'),
    );
    await expectRefusedWithoutOrigin(
      fc.oneof(fc.tuple(term, fc.constantFrom('partner', 'all', '', 'PARTNER')), wrongTarget),
      ([t, target]) => request(httpEnv(), `/api/web_payment.php?action=getPayees&${new URLSearchParams({ term: t, target })}`),
    );
  }, 120_000);

  it('GET /api/web_payment.php (getPayees): a term longer than any provider name finds none, without asking the backend', async () => {
    await resetStandIn();
    const long = fc.string({ minLength: SEARCH_TERM_MAX + 1, maxLength: 3_000 }).filter((t) => t.trim().length > SEARCH_TERM_MAX);
    await fc.assert(
      fc.asyncProperty(long, async (t) => {
        const res = await request(
          httpEnv(),
          `/api/web_payment.php?action=getPayees&${new URLSearchParams({ term: t, target: 'partner' })}`,
        );
        return res.status === 200 && JSON.stringify(await res.json()) === '[]';
      }),
      { numRuns: RUNS },
    );
    expect(await standInCalls()).toEqual([]);
  }, 120_000);

  it('POST /payment/payment_back.php: a broken field, a duplicate field or the wrong content type', async () => {
    const valid: Record<string, string> = { ...TEST_PAYMENT, amount: '12.00', phone: '5595550100' };
    const shaped = ['amount', 'email', 'phone', 'ccn', 'exp', 'cvv', 'zip', 'state', 'payDOB'];
    const broken = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...shaped),
          fc.oneof(
            hostile,
            huge.map((s) => s.slice(0, 5_000)),
          ),
        )
        .map(([field, value]) => ({ kind: 'field' as const, field, value })),
      fc
        .tuple(fc.constantFrom(...Object.keys(valid)), fc.string({ maxLength: 10 }))
        .map(([field, value]) => ({ kind: 'duplicate' as const, field, value })),
      // Forms come multipart or URL-encoded; anything else is refused.
      fc.constantFrom('application/json', 'text/plain', 'application/xml', 'text/html').map((type) => ({ kind: 'type' as const, type })),
    );
    await expectRefusedWithoutOrigin(
      broken,
      async (attack) => {
        const key = await formKeyFor('1001');
        if (attack.kind === 'type') {
          const body =
            attack.type === 'application/json'
              ? JSON.stringify({ ...valid, formKey: key })
              : new URLSearchParams({ ...valid, formKey: key }).toString();
          return request(httpEnv(), '/payment/payment_back.php?p=1001', { method: 'POST', headers: { 'Content-Type': attack.type }, body });
        }
        const form = new FormData();
        for (const [name, value] of Object.entries({ ...valid, formKey: key }))
          form.append(name, attack.kind === 'field' && name === attack.field ? attack.value : value);
        if (attack.kind === 'duplicate') form.append(attack.field, attack.value);
        return request(httpEnv(), '/payment/payment_back.php?p=1001', { method: 'POST', body: form });
      },
      ['/api/web_payment.php?action=getPayee&p=1001'],
    );
  }, 120_000);

  it('pages: a hostile or huge value in any query or path never breaks a page or reaches the backend', async () => {
    await resetStandIn();
    const PAGES = [
      '/pay?p=',
      '/pay-now?oid=',
      '/paynow?p=',
      '/pay/',
      '/',
      '/web-payment?p=',
      '/web-payment-multi-option/',
      '/update-password?x=',
      '/update-info-request?t=',
      '/getpaid?i=',
      '/pay-later?ue=',
      '/financing?PAYEE_NAME=',
      '/pay-widget?name=',
      '/receipt/',
      '/s/',
      '/account-link?code=x&state=',
    ];
    const value = fc.oneof(
      unprintable,
      huge.map((s) => s.slice(0, 3_000)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PAGES), value, async (page, v) => {
        const res = await request(httpEnv({ PAY_LATER_UNTIL: '2099-12-31' } as Partial<Env>), `${page}${encodeURIComponent(v)}`, {
          headers: { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/123.0.0.0' },
        });
        const text = await res.text();
        return res.status < 500 && !/TypeError|SyntaxError|ZodError|\bat [\w.]+ \(/.test(text);
      }),
      { numRuns: RUNS },
    );
    // A page for no payee is reported as a 404 (the spec's call); nothing else reaches the backend.
    expect((await standInCalls()).filter((call) => !call.path.startsWith('/api/404.php'))).toEqual([]);
  }, 180_000);
});
