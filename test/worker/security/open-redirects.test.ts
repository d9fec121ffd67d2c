import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPEN_REDIRECT_CORPUS, staysOn } from '../../shared/open-redirect-corpus';
import { ANDROID, DESKTOP, IPHONE, stubOutbound, visit } from '../helpers';
import {
  embeddedEnv,
  formKeyFor,
  freshClient,
  httpEnv,
  injectAnswer,
  json,
  request,
  resetGuard,
  resetStandIn,
  TEST_PAYMENT,
} from '../origin-helpers';

/**
 * Every place that turns input or backend data into a `Location` or a link refuses to send the
 * visitor to another site: short links, device redirects, payment confirmation URLs, financing
 * back links, and the pay pages' redirects.
 */
const SITE = 'https://papaya.test';
const ALLOWED = [new URL(env.WEB_PAY_URL).origin, new URL(env.APP_STORE_URL).origin, new URL(env.PLAY_STORE_URL).origin];

function expectSafeLocation(res: Response, label: string) {
  const location = res.headers.get('Location');
  if (location === null) return;
  expect(staysOn(location, SITE, ALLOWED), `${label}: Location ${JSON.stringify(location)}`).toBe(true);
}

/** Every link and form target in a page stays on the site or an allowed origin (partner back links aside). */
function expectSafeLinks(html: string, label: string, extra: string[] = []) {
  for (const [, , value] of html.matchAll(/\b(href|action|formaction)="([^"]*)"/g)) {
    const href = value!
      .replace(/&amp;/g, '&')
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"');
    if (href.startsWith('#') || href.startsWith('mailto:') || href.startsWith('tel:')) continue;
    const known = extra.some((origin) => href.startsWith(`${origin}/`));
    if (!known) expect(staysOn(href, SITE, [...ALLOWED, 'https://form.jotform.com']), `${label}: link ${JSON.stringify(href)}`).toBe(true);
  }
}

describe('open redirects: the corpus', () => {
  it('has every shape the issue names', () => {
    for (const needed of [
      '//evil.example',
      '/\\evil.example',
      'https://site@evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '%2F%2Fevil.example',
    ]) {
      expect(OPEN_REDIRECT_CORPUS).toContain(needed);
    }
    expect(OPEN_REDIRECT_CORPUS.some((u) => u.includes('\t'))).toBe(true);
    expect(OPEN_REDIRECT_CORPUS.some((u) => u.includes('\n'))).toBe(true);
  });
});

describe('short links', () => {
  it('refuse to shorten any URL of the corpus', async () => {
    for (const url of OPEN_REDIRECT_CORPUS) {
      const res = await request(embeddedEnv(), '/api/shorten_url.php?action=shorten_url', json({ url }));
      expect(res.status, url).toBe(400);
      await res.body?.cancel();
    }
  });

  it('never follow a stored target of the corpus, even one written before the rules', async () => {
    let i = 0;
    for (const url of OPEN_REDIRECT_CORPUS) {
      const key = `Evil${String(++i).padStart(6, '0')}`;
      await env.LINKS.put(`s:${key}`, JSON.stringify({ url, expiresAt: Date.now() + 60_000 }));
      const res = await visit(`/s/${key}`);
      expectSafeLocation(res, `/s/ with ${JSON.stringify(url)}`);
      expect(res.status, url).toBe(404);
      await res.body?.cancel();
    }
  });
});

describe('device redirects and pay pages', () => {
  beforeEach(() => stubOutbound(vi, () => new Response(null, { status: 204 })));
  afterEach(() => vi.restoreAllMocks());

  it('a payee name, provider code or path from the corpus never moves the visitor off the site', async () => {
    for (const value of OPEN_REDIRECT_CORPUS) {
      const encoded = encodeURIComponent(value);
      // Phones take the redirecting branches (web pay, stores); desktops get the pages.
      const visits: Array<[string, string]> = [
        ...[
          `/pay?p=${encoded}`,
          `/pay-now?oid=${encoded}`,
          `/pay/${encoded}`,
          `/${encoded}`,
          `/${encoded}/x`,
          `/download?next=${encoded}`,
          `/web-payment?p=${encoded}`,
          `/web-payment-multi-option/${encoded}`,
        ].map((path) => [path, DESKTOP] as [string, string]),
        ...[`/pay?p=${encoded}`, `/${encoded}`, `/${encoded}/x`, `/download?next=${encoded}`].map(
          (path) => [path, IPHONE] as [string, string],
        ),
        ...[`/${encoded}`, `/download?next=${encoded}`].map((path) => [path, ANDROID] as [string, string]),
      ];
      await Promise.all(
        visits.map(async ([path, ua]) => {
          const res = await visit(path, { ua });
          expect(res.status, path).toBeLessThan(500);
          expectSafeLocation(res, path);
          await res.body?.cancel();
        }),
      );
    }
  }, 120_000);

  it('the financing page of any other payee links back to the pay page, never to a display name', async () => {
    for (const name of ['Valley Medical', 'Summit Dental', 'Cedar Valley Hospital']) {
      const html = await (await visit(`/financing?PAYEE_NAME=${encodeURIComponent(name)}`)).text();
      const back = /<a href="([^"]*)" class="back-link">/.exec(html)?.[1];
      expect(back, name).toBe('/pay');
      expect((await visit(back!)).status).toBe(200);
    }
  });

  it('the financing page links back to a configured partner or to this site', async () => {
    for (const value of OPEN_REDIRECT_CORPUS) {
      const res = await visit(`/financing?PAYEE_NAME=${encodeURIComponent(value)}`);
      expect(res.status).toBe(200);
      expectSafeLinks(await res.text(), `/financing?PAYEE_NAME=${JSON.stringify(value)}`, [new URL(env.FINANCING_PROVIDER_URL).origin]);
    }
    const partner = await visit('/financing?PAYEE_NAME=Valley%20Medical%20Group');
    expect(await partner.text()).toContain('href="https://valleymed.example/billing"');
  }, 60_000);
});

describe('payment confirmation URLs from the backend', () => {
  beforeEach(resetStandIn);
  afterEach(resetStandIn);

  const valid = { ...TEST_PAYMENT, amount: '$12.00' };

  it("a confirmation URL of the corpus is never handed to the browser: the approved payment leads to the site's own receipt", async () => {
    for (const confirmationUrl of OPEN_REDIRECT_CORPUS) {
      await injectAnswer('/payment/payment_back.php', { status: 'success', confirmationUrl });
      // The same card over and over: these payments are about the answer, not the card limits.
      await resetGuard();
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...valid, formKey: await formKeyFor('1001') })) form.append(name, value);
      const res = await request(httpEnv(), '/payment/payment_back.php?p=1001', {
        method: 'POST',
        body: form,
        headers: { 'CF-Connecting-IP': freshClient() },
      });
      expect(res.status, confirmationUrl).toBe(200);
      const answer = await res.json<{ status: string; confirmationUrl?: string; message?: string }>();
      // The payment went through: it is answered approved, never as an error the payer might pay again after.
      expect(answer.status, confirmationUrl).toBe('success');
      expect(answer.confirmationUrl, confirmationUrl).toMatch(/^\/web-payment\/approved\/[0-9a-f]{64}\?p=1001&s=[0-9a-f]{64}$/);
    }
  }, 60_000);

  it('a receipt on this site is handed over', async () => {
    await injectAnswer('/payment/payment_back.php', { status: 'success', confirmationUrl: '/receipt/PAP-SAFE0001' });
    await resetGuard();
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...valid, formKey: await formKeyFor('1001') })) form.append(name, value);
    const res = await request(httpEnv(), '/payment/payment_back.php?p=1001', {
      method: 'POST',
      body: form,
      headers: { 'CF-Connecting-IP': freshClient() },
    });
    expect(await res.json()).toEqual({ status: 'success', confirmationUrl: '/receipt/PAP-SAFE0001' });
  });
});
