import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { httpEnv, injectFault, originFor, request, resetStandIn } from '../origin-helpers';
import { visibleText } from '../helpers';
import { payeeCacheKey } from '../../../src/origin/payee-cache';

/** Every way the legacy backend can fail gives a typed failure, and visitors a clear message. */
const fast = () => httpEnv({ ORIGIN_TIMEOUT_MS: '300' } as Partial<Env>);

describe('origin faults give typed failures', () => {
  beforeEach(resetStandIn);

  it('connection refused: unreachable', async () => {
    const origin = originFor(httpEnv({ ORIGIN_URL: env.REFUSED_URL }));
    expect(await origin.payeeByUrl('valleymed')).toEqual({ ok: false, kind: 'unreachable', call: 'payee_url' });
  });

  it('an answer slower than the timeout: timeout', async () => {
    await injectFault('/api/payee_url.php', 'slow', 1500);
    expect(await originFor(fast()).payeeByUrl('valleymed')).toEqual({ ok: false, kind: 'timeout', call: 'payee_url' });
  });

  it.each([
    ['status-500', 500],
    ['status-503', 503],
  ] as const)('%s: bad-status', async (mode, status) => {
    await injectFault('/api/', mode);
    expect(await originFor(fast()).getPayee('1001')).toEqual({ ok: false, kind: 'bad-status', status, call: 'getPayee' });
  });

  it('malformed JSON: bad-body', async () => {
    await injectFault('/api/', 'malformed');
    expect(await originFor(fast()).payeeByUrl('valleymed')).toMatchObject({ ok: false, kind: 'bad-body' });
  });

  it('valid JSON of the wrong shape: bad-body, for every call that reads an answer', async () => {
    await injectFault('/', 'wrong-shape');
    const origin = originFor(fast());
    const results = await Promise.all([
      origin.payeeByUrl('valleymed'),
      origin.featureEnabled('pay-wpbp-redirect'),
      origin.forgotPassword({ x: 'RESET-VALID' }),
      origin.getPayee('1001'),
      origin.searchPayees('valley'),
      origin.submitPayment({ query: { p: '1001' }, fields: { amount: '1' } }),
      origin.linkGmail({ state: '', code: 'c', scope: '', error: '' }),
      origin.getInfoRequest('INFO-FEE'),
      origin.deleteInfoRequest('INFO-FEE'),
      origin.payLater('member@example.com'),
      origin.getPaid({ whichState: 'access', access: 'ACCESS1' }),
    ]);
    for (const r of results) expect(r).toMatchObject({ ok: false, kind: 'bad-body' });
  });
});

describe('visitors see a clear message when the origin fails', () => {
  beforeEach(resetStandIn);

  it.each([
    ['status-500', 502],
    ['status-503', 502],
    ['malformed', 502],
    ['wrong-shape', 502],
  ] as const)('%s gives %i with the error shape and no internals', async (mode, status) => {
    await injectFault('/api/', mode);
    const res = await request(fast(), '/api/web_payment.php?action=getPayee&p=1001', { method: 'POST' });
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body).toEqual({ error: 'We could not reach Papaya right now. Please try again in a moment.', fields: {} });
  });

  it('a timeout gives 504 with a clear message', async () => {
    await injectFault('/api/', 'slow', 1500);
    const res = await request(fast(), '/api/forgot_password_back.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"x":"RESET-VALID"}',
    });
    expect(res.status).toBe(504);
    expect((await res.json<{ error: string }>()).error).toBe('Papaya is taking too long to answer. Please try again in a moment.');
  });

  it('connection refused gives 502', async () => {
    const res = await request(httpEnv({ ORIGIN_URL: env.REFUSED_URL }), '/api/unleash/is_enabled.php?featureName=pay-wpbp-redirect');
    expect(res.status).toBe(502);
    expect(visibleText(await res.text())).not.toMatch(/TypeError|ECONNREFUSED|stack/i);
  });
});

describe('payee lookups are cached at the edge', () => {
  beforeEach(resetStandIn);

  it('a second lookup within minutes does not reach the origin', async () => {
    const e = httpEnv();
    await request(e, '/api/payee_url.php?url=pinecrest', { method: 'POST' });
    await request(e, '/api/payee_url.php?url=pinecrest', { method: 'POST' });
    const calls = await (await fetch(`${env.STAND_IN_URL}/__calls`)).json<unknown[]>();
    expect(calls).toHaveLength(1);
  });

  it('when the origin fails, a stale copy answers', async () => {
    await env.CACHE.put(
      payeeCacheKey.byUrl('summitdental'),
      JSON.stringify({ value: { payeeId: '1006', payeeName: 'Summit Dental (cached)' }, at: 0 }),
    );
    await injectFault('/api/', 'status-500');
    const res = await request(fast(), '/api/payee_url.php?url=summitdental', { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await res.json<{ result: { payee: { payeeName: string } } }>()).result.payee.payeeName).toBe('Summit Dental (cached)');
  });

  it('with no copy at all, the failure shows', async () => {
    await injectFault('/api/', 'status-500');
    const res = await request(fast(), '/api/payee_url.php?url=northside', { method: 'POST' });
    expect(res.status).toBe(502);
  });
});
