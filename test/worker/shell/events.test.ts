import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_REPORT_PATH, NOT_STARTED } from '../../../src/domain/error-reports';
import { BROWSER_ERROR_REPORT } from '../../shared/browser-error-report';
import { dataset, embeddedEnv, freshClient, httpEnv, injectFault, json, request, resetGuard, resetStandIn } from '../origin-helpers';
import { withoutRandomValues } from '../helpers';
import { FORBIDDEN, PHONE, walkEveryFlow } from '../walk-every-flow';

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
    const { made } = await walkEveryFlow(e, client);
    FORBIDDEN.push(...made);
    const recorded = events();
    const local = await (await request(e, '/_dev/metrics')).json<Array<Record<string, unknown>>>();
    // Every event, as Analytics Engine gets it and as the local list shows it, and every log line.
    const everything = withoutRandomValues([JSON.stringify(points), JSON.stringify(local), ...lines].join('\n'));
    for (const secret of FORBIDDEN) expect(everything, `"${secret}" was recorded`).not.toContain(secret);
    expect(JSON.stringify(points), 'a query string was recorded').not.toMatch(/\?[a-z]+=/);

    // What an operator reads from them.
    expect(recorded).toContainEqual(
      expect.objectContaining({ event: 'answer', route: '/web-payment', method: 'GET', device: 'apple', status: 200 }),
    );
    expect(recorded).toContainEqual(expect.objectContaining({ event: 'answer', route: '/pay', device: 'android' }));
    // An answer says what it waited on, as its Server-Timing header does.
    const waited = { guardMs: expect.any(Number), claimMs: expect.any(Number), kvMs: expect.any(Number), backendMs: expect.any(Number) };
    expect(recorded).toContainEqual(
      expect.objectContaining({ event: 'answer', route: '/payment/payment_back.php', ...waited, siteverifyMs: 0 }),
    );
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
    // A report is answered first and recorded after the answer.
    expect(local[0]).toMatchObject({ event: 'browserError', route: 'web-payment' });
    expect(local[1]).toMatchObject({ event: 'answer', route: ERROR_REPORT_PATH, method: 'POST', status: 204 });
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
  const report = BROWSER_ERROR_REPORT;
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
    // The boot script's start report names its kind, page and version alone; the version before sent it whole.
    const start = { kind: 'start', page: 'Web-Pay', version: 'local' };
    expect((await send(JSON.stringify(start))).status).toBe(204);
    expect((await send(JSON.stringify({ ...report, kind: 'start' }))).status).toBe(204);
    expect((await send(JSON.stringify({ ...start, message: 'mine' }))).status).toBe(400);
    expect((await send(JSON.stringify({ ...start, page: 'x y' }))).status).toBe(400);
  });

  it("records the start report in the site's own words", async () => {
    const { binding, events } = dataset();
    const res = await request(embeddedEnv({ EVENTS: binding } as Partial<Env>), ERROR_REPORT_PATH, {
      method: 'POST',
      body: JSON.stringify({ kind: 'start', page: 'Web-Pay', version: 'local' }),
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient() },
    });
    expect(res.status).toBe(204);
    expect(events().find((e) => e.event === 'browserError')).toMatchObject({
      kind: 'start',
      route: 'Web-Pay',
      message: NOT_STARTED,
      source: '',
      line: 0,
      column: 0,
    });
  });

  it('a flood from one client is stopped', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await send(JSON.stringify(report), 'application/json', client)).status);
    // Counted after the answer: the 31st report is answered but not recorded, and from then on the client is refused.
    expect(statuses.filter((s) => s === 204)).toHaveLength(31);
    expect(statuses.slice(31)).toEqual([429]);
  });
});

describe('/healthz and /readyz', () => {
  const ready = (e: Env, client = freshClient()) => request(e, '/readyz', { headers: { 'CF-Connecting-IP': client } });

  it('/healthz names the version serving', async () => {
    expect(await (await request(embeddedEnv(), '/healthz')).text()).toBe(`ok ${env.VERSION?.id || 'local'}\n`);
    // It says whether the request came with a version key (the zone's affinity rule), never the key.
    const keyed = await request(embeddedEnv(), '/healthz', { headers: { 'Cloudflare-Workers-Version-Key': 'a-key-of-a-visitor' } });
    expect(await keyed.text()).toBe(`ok ${env.VERSION?.id || 'local'}\nversion key\n`);
  });

  it("answers 200 when the backend, the payments' claims, KV and the guard answer, never cached", async () => {
    const res = await ready(embeddedEnv());
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    expect(await res.json()).toMatchObject({ ready: true, failing: [], checks: { backend: 'ok', claims: 'ok', kv: 'ok', guard: 'ok' } });
  });

  /** A Durable Object namespace whose objects cannot be reached. */
  const down = {
    idFromName() {
      throw new Error('Durable Objects down');
    },
  } as unknown;
  it.each([
    ['backend', () => httpEnv({ ORIGIN_URL: env.REFUSED_URL })],
    ['claims', () => embeddedEnv({ CLAIMS: down as Env['CLAIMS'] })],
    ['kv', () => httpEnv({ CACHE: { get: () => Promise.reject(new Error('KV down')) } as unknown as KVNamespace })],
    ['guard', () => embeddedEnv({ GUARD: down as Env['GUARD'] })],
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
