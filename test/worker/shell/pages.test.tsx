import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import { ANDROID, IPHONE, islandProps, scriptTags, stubOutbound, visibleText, visit } from '../helpers';

afterEach(() => vi.restoreAllMocks());

const STATIC_PAGES = [
  '/embedded/termsofservice',
  '/embedded/privacy',
  '/embedded/billpay-termsofservice',
  '/termsofservice',
  '/privacy',
  '/download',
  '/appsFlyer/landing',
  '/financing',
  '/merchant-verification',
  '/confirmation',
  '/newpartner',
];

describe('pages that need no JavaScript', () => {
  it.each(STATIC_PAGES)('%s ships no <script> at all', async (path) => {
    const html = await (await visit(path)).text();
    expect(scriptTags(html)).toEqual([]);
    expect(html).not.toContain('modulepreload');
  });

  const appClip = (html: string) => islandProps(html, 'redirect-after') as { href: string; delayMs: number };

  it('the app-clip page ships its one island script, after its import map, and leads on after 200 ms', async () => {
    const res = await visit('/pay-appclip');
    const html = await res.text();
    expect(scriptTags(html).filter((tag) => /\bsrc="/.test(tag))).toHaveLength(1);
    expect(scriptTags(html).filter((tag) => /type="importmap"/.test(tag))).toHaveLength(1);
    expect(appClip(html)).toEqual({ href: '/download?s=p&c=appclip', delayMs: 200, label: 'Continue to Papaya' });
    expect(html).toContain('href="/download?s=p&amp;c=appclip"');
  });

  it('the app clip leads on through the download landing, which tracks a phone and sends it to its store', async () => {
    const seen = stubOutbound(vi, () => new Response(null, { status: 204 }));
    for (const [ua, store, device] of [
      [IPHONE, env.APP_STORE_URL, 'apple'],
      [ANDROID, env.PLAY_STORE_URL, 'android'],
    ] as const) {
      const { href } = appClip(await (await visit('/pay-appclip?p=1001&token=Ab3dE7g&junk=x', { ua })).text());
      expect(href).toBe('/download?s=p&c=appclip&p=1001&token=Ab3dE7g');
      const hop = await visit(href, { ua });
      expect(hop.status).toBe(302);
      expect(hop.headers.get('Location')).toBe(store);
      expect(Object.fromEntries(new URL(seen.at(-1)!.url).searchParams)).toEqual({
        s: 'p',
        c: 'appclip',
        p: '1001',
        token: 'Ab3dE7g',
        device,
      });
    }
    expect(seen).toHaveLength(2);
  });

  it('in a test environment, known by its host, the app clip waits 20 s before it leads on and is tracked', async () => {
    // Public hosts: the demo answers them as a public demo.
    const publicDemo: Env = { ...env, PUBLIC_DEMO: 'true' };
    const appClipAt = async (host: string) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`https://${host}/pay-appclip`, { headers: { 'User-Agent': IPHONE } }), publicDemo, ctx);
      await waitOnExecutionContext(ctx);
      return appClip(await res.text()).delayMs;
    };
    for (const host of ['test.papayapay.com', 'staging-pay.papayapay.com', 'qa.papaya.test', 'test.localhost'])
      expect(await appClipAt(host)).toBe(20_000);
    for (const host of ['papayapay.com', 'www.papayapay.com', 'contest.papayapay.com', 'testing.papayapay.com'])
      expect(await appClipAt(host)).toBe(200);
  });
});

describe('the page shell', () => {
  it('shows navigation, decorative curves and footer on a legal page', async () => {
    const html = await (await visit('/termsofservice')).text();
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('class="curves"');
    expect(html).toContain('class="site-footer"');
    expect(html).toContain('<title>Terms of Service - Papaya</title>');
  });

  it.each(['/embedded/termsofservice?headerless', '/embedded/privacy?headerless=true', '/embedded/billpay-termsofservice?headerless=1'])(
    '%s hides navigation, curves and footer',
    async (path) => {
      const html = await (await visit(path)).text();
      expect(html).not.toContain('aria-label="Main"');
      expect(html).not.toContain('class="curves"');
      expect(html).not.toContain('class="site-footer"');
    },
  );

  it('keeps the chrome when headerless is explicitly false', async () => {
    const html = await (await visit('/embedded/termsofservice?headerless=false')).text();
    expect(html).toContain('aria-label="Main"');
  });

  it.each(['/download', '/financing', '/pay-appclip', '/appsFlyer/landing'])('%s has navigation but no footer', async (path) => {
    const html = await (await visit(path)).text();
    expect(html).toContain('aria-label="Main"');
    expect(html).not.toContain('class="site-footer"');
  });

  it.each(['/merchant-verification', '/nowhere'])('%s has the footer', async (path) => {
    expect(await (await visit(path)).text()).toContain('class="site-footer"');
  });

  it('hides the partner link on /postcard and /call only', async () => {
    for (const path of ['/postcard', '/call']) {
      expect(await (await visit(path)).text()).not.toContain('href="/partners"');
    }
    expect(await (await visit('/about')).text()).toContain('href="/partners"');
  });

  it('uses the default title and the section description', async () => {
    const html = await (await visit('/appsFlyer/landing')).text();
    expect(html).toContain('<title>Pay Your Bill in Five Minutes - Papaya</title>');
    const notFound = await (await visit('/nowhere')).text();
    expect(notFound).toContain('<title>Page Not Found - Papaya</title>');
  });
});

describe('legal documents', () => {
  it('the terms state every clause the spec lists', async () => {
    const text = visibleText(await (await visit('/embedded/termsofservice')).text());
    for (const clause of [
      'Effective June 17th 2020',
      'resident of the United States',
      'at least 18 years old',
      'age of majority',
      'an email address that you own',
      'at least one valid payment method',
      'true, accurate and complete',
      'Mastercard, Visa, American Express and Discover',
      'open an account with that provider and accept its terms',
      'photo of a paper bill, a bill imported into your account, or the payee',
      'disclosed to you before we process the payment',
      'We may reject any payment instruction',
      'We may decline to open an account',
      'email support@papayapay.com',
      'deemed received 3 business days after it is posted',
      'informally for 60 days',
      'binding individual arbitration',
      'Class action waiver',
      'laws of the State of California',
      'fees you paid to Papaya in the 12 months',
      'Termination',
      'account dashboard',
    ]) {
      expect(text).toContain(clause);
    }
  });

  it('the privacy policy covers every topic the spec lists', async () => {
    const text = visibleText(await (await visit('/embedded/privacy')).text());
    for (const topic of [
      'Effective June 17th 2020',
      'Information we collect',
      'How we use information',
      'with service providers',
      'with a bank-data aggregator',
      'Cookies',
      'opt-outs',
      'How long we keep information',
      'California privacy rights',
      'Nevada privacy rights',
      'anyone under 13',
    ]) {
      expect(text).toContain(topic);
    }
  });

  it('the Bill Pay terms state every clause the spec lists', async () => {
    const text = visibleText(await (await visit('/embedded/billpay-termsofservice')).text());
    for (const clause of [
      'June 23, 2021',
      'resident of the United States and at least 18 years old',
      'funded only with cards issued by the Issuing Bank',
      'To stop a Bill Pay payment, email support@papayapay.com',
      'disclosed to you before the payment is processed',
      'laws of the State of California',
      'binding individual arbitration',
      'class action',
      'first try for 60 days to resolve any dispute informally',
      'within 60 days of the date the payment was charged',
      'in the 12 months before',
      'deemed received 3 business days after it is mailed',
    ]) {
      expect(text).toContain(clause);
    }
  });

  it('each document is a whole page at its own address, and its bare text is not served at the file it is kept in', async () => {
    for (const [path, doc] of [
      ['/termsofservice', 'terms'],
      ['/privacy', 'privacy'],
      ['/embedded/billpay-termsofservice', 'billpay'],
    ] as const) {
      const html = await (await visit(path)).text();
      expect(html, path).toMatch(/^<!DOCTYPE html><html lang="en-US">/);
      expect(html, path).toContain('<article class="legal card">');
      const bare = await visit(`/legal/${doc}.html`);
      expect(bare.status, doc).toBe(404);
      expect(await bare.text(), doc).not.toContain('<article class="legal card">');
    }
  });
});
