import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import { embeddedEnv, httpEnv, request, resetStandIn, standInCalls } from '../origin-helpers';
import { OWN_CHECK_HEADER, ownCheckToken } from '../../../src/security/own-check';

describe('a wrong setting stops the site loudly', () => {
  it.each([
    ['HUMAN_CHECK', { HUMAN_CHECK: 'turnstyle' }],
    ['SMS_LIMIT_PER_IP', { SMS_LIMIT_PER_IP: 'ten' }],
    ['APP_LINK_URL', { APP_LINK_URL: 'http://open.papaya-app.test/' }],
    ['APP_LINK_URL', { APP_LINK_URL: 'https://www.papaya.test/open', PUBLIC_URL: 'https://www.papaya.test' }],
    ['TURNSTILE_SECRET', { ENVIRONMENT: 'production', HUMAN_CHECK: 'turnstile', TURNSTILE_SITE_KEY: '0x4AAAAAAA' }],
    [
      'TURNSTILE_INTERACTIVE_SECRET',
      { ENVIRONMENT: 'production', HUMAN_CHECK: 'turnstile', TURNSTILE_SITE_KEY: '0x4AAAAAAA', TURNSTILE_SECRET: 'test-secret' },
    ],
    ['FORM_KEY_SECRET', { ENVIRONMENT: 'production', PUBLIC_URL: 'https://www.papaya.test', CARD_HMAC_KEY: 'c'.repeat(32) }],
    ['CARD_HMAC_KEY', { ENVIRONMENT: 'production', PUBLIC_URL: 'https://www.papaya.test', FORM_KEY_SECRET: 'f'.repeat(32) }],
    [
      'HUMAN_CHECK',
      { ENVIRONMENT: 'production', PUBLIC_URL: 'https://www.papaya.test', FORM_KEY_SECRET: 'f'.repeat(32), CARD_HMAC_KEY: 'c'.repeat(32) },
    ],
  ])('a wrong %s gives every page a 503 that says so, an error line naming it, and no backend call', async (name, vars) => {
    await resetStandIn();
    // The error lines are what this test is about: read here, then cleared for the console guard.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const e = httpEnv(vars as Partial<Env>);
    for (const path of ['/valleymed', '/web-payment?p=1001', '/api/payee_url.php?url=valleymed']) {
      const res = await request(e, path, path.startsWith('/api') ? { method: 'POST' } : {});
      expect(res.status).toBe(503);
      expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(await res.text()).toContain('Papaya can’t show this page right now.');
    }
    expect(await standInCalls()).toEqual([]);
    const lines = errors.mock.calls.map((call) => String(call[0]));
    errors.mockClear();
    expect(lines).toHaveLength(3);
    for (const line of lines)
      expect(JSON.parse(line)).toMatchObject({ level: 'error', msg: 'config', error: expect.stringContaining(name) });
  });

  it('the local demo answers this machine only: a public host gets a 503 naming the fix, unless PUBLIC_DEMO says it is a public demo', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const at = async (url: string, vars: Partial<Env> = {}) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(url), embeddedEnv(vars), ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    for (const url of [
      'https://papaya-demo.workers.dev/valleymed',
      'https://www.papayapay.com/web-payment?p=1001',
      'http://203.0.113.7/',
    ]) {
      const res = await at(url);
      expect(res.status, url).toBe(503);
      const page = await res.text();
      expect(page).toContain('PUBLIC_DEMO');
      expect(page).toContain('npm run deploy');
    }
    const lines = errors.mock.calls.map((call) => JSON.parse(String(call[0])));
    errors.mockClear();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'config', error: expect.stringContaining('PUBLIC_DEMO') });
    for (const url of [
      'http://localhost:8787/valleymed',
      'http://127.0.0.1:8787/valleymed',
      'http://192.168.1.20:8787/valleymed',
      'https://papaya.test/valleymed',
    ])
      expect((await at(url)).status, url).toBe(200);
    expect((await at('https://papaya-demo.workers.dev/valleymed', { PUBLIC_DEMO: 'true' })).status).toBe(200);
  });

  it('the same settings, spelt right, serve the page', async () => {
    expect((await request(embeddedEnv({ HUMAN_CHECK: 'off', SMS_LIMIT_PER_IP: '10' } as Partial<Env>), '/valleymed')).status).toBe(200);
  });
});

const PRODUCTION_SECRETS = {
  FORM_KEY_SECRET: 'f'.repeat(32),
  CARD_HMAC_KEY: 'c'.repeat(32),
  HUMAN_CHECK: 'turnstile',
  TURNSTILE_SITE_KEY: '0x4AAAAAAAtestkey',
  TURNSTILE_SECRET: 'test-secret',
  TURNSTILE_INTERACTIVE_SITE_KEY: '0x4AAAAAAAinteractive',
  TURNSTILE_INTERACTIVE_SECRET: 'test-interactive-secret',
  TURNSTILE_VERIFY_URL: `${env.STAND_IN_URL}/turnstile/v0/siteverify`,
};

describe('production is production', () => {
  it('without a backend, production answers a configuration error, never the demo origin or its developer routes', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const e = embeddedEnv({ ENVIRONMENT: 'production', PUBLIC_URL: 'https://www.papaya.test' } as Partial<Env>);
    for (const [method, path] of [
      ['GET', '/valleymed'],
      ['GET', '/_dev/outbox'],
      ['PUT', '/_dev/flags/pay-wpbp-redirect'],
      ['PUT', '/_dev/faults/payment_back'],
      ['GET', '/receipt/PAP-AAAAAAAA'],
      ['POST', '/api/payee_url.php?url=valleymed'],
    ] as const) {
      const res = await request(e, path, { method });
      expect(res.status, path).toBe(503);
      expect(await res.text()).toContain('Papaya can’t show this page right now.');
    }
    expect(errors.mock.calls.map((call) => JSON.parse(String(call[0])).error).join()).toContain('ORIGIN_URL');
    errors.mockClear();
  });

  it('with a backend, links and redirects are built from PUBLIC_URL, whatever Host the request names', async () => {
    await resetStandIn();
    const e = httpEnv({ ENVIRONMENT: 'production', PUBLIC_URL: 'https://www.papaya.test', ...PRODUCTION_SECRETS } as Partial<Env>);
    const res = await request(e, '/api/send_sms_client.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
      body: JSON.stringify({ num: '5595550177', humanToken: 'human-token' }),
    });
    expect(res.status).toBe(200);
    const sms = (await standInCalls()).find((call) => call.path === '/api/send_sms_client.php');
    const body = JSON.parse(sms!.body) as { body: string; requestOrigin: string };
    expect(body.requestOrigin).toBe('https://www.papaya.test');
    expect(body.body).toContain('https://www.papaya.test/s/');
    expect(body.body).not.toContain('evil.example');
    expect((await request(e, '/_dev/outbox')).status).toBe(404);
  });

  it("Server-Timing names each kind of remote call and its calls, and only the total's time; the site's own check reads each kind's time", async () => {
    await resetStandIn();
    const e = httpEnv({ ENVIRONMENT: 'production', PUBLIC_URL: 'https://www.papaya.test', ...PRODUCTION_SECRETS } as Partial<Env>);
    const send = async (num: string, headers: Record<string, string> = {}) =>
      (
        await request(e, '/api/send_sms_client.php', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ num, humanToken: 'human-token' }),
        })
      ).headers.get('Server-Timing') ?? '';
    const timing = await send('5595550178');
    for (const kind of ['guard', 'kv', 'backend', 'siteverify'])
      expect(timing).toMatch(new RegExp(`(^|, )${kind};desc="\\d+ calls?"(, |$)`));
    expect(timing).toMatch(/(^|, )total;dur=\d+$/);
    const own = await send('5595550179', { [OWN_CHECK_HEADER]: await ownCheckToken(PRODUCTION_SECRETS.FORM_KEY_SECRET) });
    for (const kind of ['guard', 'kv', 'backend', 'siteverify'])
      expect(own).toMatch(new RegExp(`(^|, )${kind};desc="\\d+ calls?";dur=\\d+`));
  });
});
