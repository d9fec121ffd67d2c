import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_LAYOUT } from '../../../src/web/events';
import { ERROR_REPORT_PATH } from '../../../src/domain/error-reports';
import {
  embeddedEnv,
  formKeyFor,
  freshClient,
  httpEnv,
  injectFault,
  json,
  PAYMENT_FORM,
  postForm,
  request,
  resetGuard,
  resetStandIn,
} from '../origin-helpers';
import { ANDROID, DESKTOP, IPHONE } from '../helpers';

/** The Analytics Engine data points the Worker wrote, seen through a stand-in of the binding. */
type Point = { indexes: string[]; blobs: string[]; doubles: number[] };
function dataset() {
  const points: Point[] = [];
  const binding = { writeDataPoint: (p: Point) => void points.push(p) } as unknown as AnalyticsEngineDataset;
  /** The points as named events: the layout of src/web/events.ts read back. */
  const events = () =>
    points.map((p) => {
      const name = p.blobs[0] as keyof typeof EVENT_LAYOUT;
      const layout: { blobs: readonly string[]; doubles: readonly string[] } = EVENT_LAYOUT[name];
      return {
        event: name,
        version: p.blobs[1],
        ...Object.fromEntries(layout.blobs.map((b, i) => [b, p.blobs[i + 2]])),
        ...Object.fromEntries(layout.doubles.map((d, i) => [d, p.doubles[i]])),
      } as Record<string, unknown>;
    });
  return { points, binding, events };
}

// What a visitor types, and tokens of the contract's demo: none of it may reach an event or a log line.
const PHONE = '5595550142';
const PHONE_TYPED = '(559) 555-0142';
const EMAIL = 'jane.private@example.com';
const NAME = 'Janet Privateperson';
const CARD = '4111 1111 1111 1111';
const CVV = '7391';
const ADDRESS = '77 Secretive Lane';
const CITY = 'Hiddenville';
const TOKENS = [
  'RESET-VALID',
  'INFO-DEADLINE',
  'ACCESS1',
  'bWVtYmVyQGV4YW1wbGUuY29t',
  'secret-auth-code',
  'a secret new password',
  'long enough secret',
];
const FORBIDDEN = [
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

afterEach(() => vi.restoreAllMocks());
beforeEach(resetGuard);

describe('what the site records for its operators', () => {
  it('every flow of both specs: the events say what happened, and no event or log line holds anything personal', async () => {
    const lines: string[] = [];
    for (const level of ['log', 'warn', 'error'] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    const { binding, points, events } = dataset();
    const e = embeddedEnv({ EVENTS: binding } as Partial<Env>);
    const client = freshClient();
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
        ...PAYMENT_FORM,
        patientName: NAME,
        billName: NAME,
        email: EMAIL,
        phone: PHONE_TYPED,
        addr1: ADDRESS,
        city: CITY,
        ccn,
        cvv,
      };
      for (const [k, v] of Object.entries({ ...fields, amount: '42.50', idempotencyKey: await formKeyFor('1001') })) form.append(k, v);
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
    FORBIDDEN.push(confirmation, key);
    const { ccn: _c, cvv: _v, ...payer } = PAYMENT_FORM;
    await postForm(
      '/web-payment?p=1001',
      {
        _form: 'payment',
        step: 'card',
        idempotencyKey: await formKeyFor('1001'),
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

    const recorded = events();
    const local = await (await request(e, '/_dev/metrics')).json<Array<Record<string, unknown>>>();
    // Every event, as Analytics Engine gets it and as the local list shows it, and every log line.
    const everything = [JSON.stringify(points), JSON.stringify(local), ...lines].join('\n');
    for (const secret of FORBIDDEN) expect(everything, `"${secret}" was recorded`).not.toContain(secret);
    expect(JSON.stringify(points), 'a query string was recorded').not.toMatch(/\?[a-z]+=/);

    // What an operator reads from them.
    expect(recorded).toContainEqual(
      expect.objectContaining({ event: 'answer', route: '/web-payment', method: 'GET', device: 'apple', status: 200 }),
    );
    expect(recorded).toContainEqual(expect.objectContaining({ event: 'answer', route: '/pay', device: 'android' }));
    expect(recorded).toContainEqual(expect.objectContaining({ event: 'backend', call: 'getPayee', outcome: 'ok' }));
    // Every flow was walked: each of its backend calls was counted.
    const calls = new Set(recorded.filter((r) => r.event === 'backend').map((r) => r.call));
    for (const call of [
      'payee_url',
      'send_sms_client',
      'forgot_password_back',
      'payment_back',
      'link_gmail_account',
      'update_info_request:get',
      'update_info_request:post',
      'member_signup',
      'pay_later',
      'get_paid',
    ])
      expect(calls, call).toContain(call);
    expect(recorded).toContainEqual(expect.objectContaining({ event: 'text', outcome: 'sent', kind: 'bill-pay' }));
    expect(recorded).toContainEqual(expect.objectContaining({ event: 'text', outcome: 'refused-limit' }));
    expect(recorded).toContainEqual(expect.objectContaining({ event: 'limit', policy: 'smsPerNumber', route: '/api/send_sms_client.php' }));
    expect(recorded).toContainEqual(expect.objectContaining({ event: 'payment', outcome: 'declined', reason: 'declined', amount: 42.5 }));
    expect(recorded).toContainEqual(expect.objectContaining({ event: 'payment', outcome: 'declined', reason: 'securityCode' }));
    expect(recorded).toContainEqual(expect.objectContaining({ event: 'payment', outcome: 'approved', amount: 42.5 }));
    expect(recorded).toContainEqual(
      expect.objectContaining({
        event: 'browserError',
        route: 'web-payment',
        kind: 'error',
        browser: 'webkit/apple',
        clientVersion: 'v1',
        line: 12,
      }),
    );
    const browserError = recorded.find((r) => r.event === 'browserError')!;
    // The phone and card number, side by side, are one run of digits.
    expect(browserError.message).toBe('TypeError: cannot read [email] [digits] at https://papaya.test/web-payment');
    // The local list holds the same events, newest first, with their field names.
    expect(local[0]).toMatchObject({ event: 'answer', route: ERROR_REPORT_PATH, method: 'POST', status: 204 });
    expect(local[1]).toMatchObject({ event: 'browserError', route: 'web-payment' });
    expect(local.find((r) => r.event === 'payment' && r.outcome === 'approved')).toMatchObject({ amount: 42.5, reason: '' });
    // Every line and event names the version that served it.
    expect(points.every((p) => p.blobs[1] === (env.VERSION?.id || 'local'))).toBe(true);
    expect(lines.filter((l) => l.startsWith('{')).every((l) => 'version' in JSON.parse(l))).toBe(true);
  });

  it('a human check that fails is counted, and the text it stopped', async () => {
    const { binding, events } = dataset();
    const e = embeddedEnv({ EVENTS: binding, HUMAN_CHECK: 'turnstile', TURNSTILE_SITE_KEY: 'site' } as Partial<Env>);
    const res = await request(e, '/api/send_sms_client.php', {
      ...json({ num: PHONE }),
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient() },
    });
    expect(res.status).toBe(400);
    expect(events()).toContainEqual(expect.objectContaining({ event: 'humanCheck', reason: 'missing', route: '/api/send_sms_client.php' }));
    expect(events()).toContainEqual(expect.objectContaining({ event: 'text', outcome: 'refused-human' }));
  });

  it('a backend that refuses connections, answers 5xx or too slowly is counted per call', async () => {
    await resetStandIn();
    const { binding, events } = dataset();
    await request(
      httpEnv({ ORIGIN_URL: env.REFUSED_URL, EVENTS: binding } as Partial<Env>),
      '/api/forgot_password_back.php',
      json({ x: 'RESET-VALID' }),
    );
    await injectFault('/api/web_payment.php', 'status-500');
    await request(httpEnv({ EVENTS: binding } as Partial<Env>), '/web-payment?p=1002');
    await injectFault('/api/web_payment.php', 'malformed');
    await request(httpEnv({ EVENTS: binding } as Partial<Env>), '/web-payment?p=1003');
    await resetStandIn();
    const outcomes = events()
      .filter((r) => r.event === 'backend')
      .map((r) => r.outcome);
    expect(outcomes).toEqual(expect.arrayContaining(['refused', '5xx', 'malformed']));
  });

  it('/_dev/metrics does not exist in front of a real backend', async () => {
    expect((await request(httpEnv(), '/_dev/metrics')).status).toBe(404);
  });
});

describe('browser error reports', () => {
  const report = {
    kind: 'error',
    message: 'TypeError: x is undefined',
    source: '/assets/entry.js',
    line: 1,
    column: 2,
    page: 'pay',
    version: 'v1',
  };
  const send = (body: BodyInit, type = 'application/json', client = freshClient()) =>
    request(embeddedEnv(), ERROR_REPORT_PATH, { method: 'POST', body, headers: { 'Content-Type': type, 'CF-Connecting-IP': client } });

  it('takes its shape only', async () => {
    expect((await send(JSON.stringify(report))).status).toBe(204);
    expect((await send(JSON.stringify({ ...report, extra: 'x' }))).status).toBe(400);
    expect((await send(JSON.stringify({ ...report, kind: 'other' }))).status).toBe(400);
    expect((await send(JSON.stringify({ ...report, message: 'x'.repeat(301) }))).status).toBe(400);
    expect((await send(JSON.stringify({ ...report, page: '/web-payment?p=1' }))).status).toBe(400);
    expect((await send(JSON.stringify(report), 'text/plain')).status).toBe(415);
    expect((await send('x'.repeat(20_000))).status).toBe(413);
  });

  it('a flood from one client is stopped', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await send(JSON.stringify(report), 'application/json', client)).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('/healthz and /readyz', () => {
  const ready = (e: Env, client = freshClient()) => request(e, '/readyz', { headers: { 'CF-Connecting-IP': client } });

  it('/healthz names the version serving', async () => {
    expect(await (await request(embeddedEnv(), '/healthz')).text()).toBe(`ok ${env.VERSION?.id || 'local'}\n`);
  });

  it('answers 200 when the backend, D1, KV and the guard answer, never cached', async () => {
    const res = await ready(embeddedEnv());
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    expect(await res.json()).toMatchObject({ ready: true, failing: [], checks: { backend: 'ok', d1: 'ok', kv: 'ok', guard: 'ok' } });
  });

  it.each([
    ['backend', () => httpEnv({ ORIGIN_URL: env.REFUSED_URL })],
    // The backend is the stand-in here: the embedded one lives on D1 and would fail with it.
    ['d1', () => httpEnv({ DB: { prepare: () => ({ first: () => Promise.reject(new Error('D1 down')) }) } as unknown as D1Database })],
    ['kv', () => httpEnv({ CACHE: { get: () => Promise.reject(new Error('KV down')) } as unknown as KVNamespace })],
    [
      'guard',
      () =>
        embeddedEnv({
          GUARD: {
            idFromName: () => {
              throw new Error('Durable Objects down');
            },
          } as unknown as Env['GUARD'],
        }),
    ],
  ])('answers 503 naming %s when it fails', async (name, make) => {
    const res = await ready(make());
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ready: false, failing: [name] });
  });

  it('a backend slower than the check allows is named, not waited for', async () => {
    await injectFault('/api/unleash/', 'slow', 10_000);
    const res = await ready(httpEnv());
    await resetStandIn();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ failing: ['backend'] });
  });

  it('is limited per client', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await ready(embeddedEnv(), client)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
