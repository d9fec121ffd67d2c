import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import type { AppEnv } from '../../../src/web/app-env';
import { requestContext } from '../../../src/web/middleware';
import { renderPage } from '../../../src/web/render';
import { Document } from '../../../src/pages/shell/document';
import { ANDROID, IPHONE, islandProps, scriptTags, stubOutbound, visibleText, visit } from '../helpers';

afterEach(() => vi.restoreAllMocks());

/** Runs the Worker with some configuration changed, as a deployment with those vars would. */
async function visitWith(vars: Partial<Env>, path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://papaya.test${path}`, { redirect: 'manual', ...init }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

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

describe('download landing', () => {
  const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
  const inlineScripts = (html: string) => [...html.matchAll(/<script nonce="([^"]+)">([\s\S]*?)<\/script>/g)];

  it('a Mac gets one inline script, under the response nonce, that sends an iPad in desktop mode back flagged', async () => {
    const res = await visit('/download?s=h&token=Ab3dE7g', { ua: MAC });
    const html = await res.text();
    const scripts = inlineScripts(html);
    expect(scriptTags(html)).toHaveLength(1);
    expect(scripts).toHaveLength(1);
    expect(res.headers.get('Content-Security-Policy')).toContain(`'nonce-${scripts[0]![1]}'`);
    expect(scripts[0]![2]).toMatch(/maxTouchPoints\s*>\s*1/);
    expect(scripts[0]![2]).toContain('location.replace("/download?s=h&token=Ab3dE7g&ipad=1")');
  });

  it('a computer that is no Mac, and a crawler calling itself a Mac, get no script', async () => {
    expect(scriptTags(await (await visit('/download?s=h')).text())).toEqual([]);
    const crawler =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1)';
    expect(scriptTags(await (await visit('/download', { ua: crawler })).text())).toEqual([]);
  });

  it('no query value can end the script', async () => {
    const html = await (await visit(`/download?n=${encodeURIComponent('</script><script>alert(1)</script>')}`, { ua: MAC })).text();
    expect(inlineScripts(html)).toHaveLength(1);
    expect(html).not.toContain('<script>alert(1)');
    expect(inlineScripts(html)[0]![2]).toContain(
      'location.replace("/download?n=%3C%2Fscript%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E&ipad=1")',
    );
  });

  it('the flagged landing tracks the iPad as an Apple device, without the flag, and sends it to the App Store', async () => {
    const seen = stubOutbound(vi, () => new Response(null, { status: 204 }));
    const res = await visit('/download?s=h&token=Ab3dE7g&ipad=1', { ua: MAC });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(env.APP_STORE_URL);
    expect(Object.fromEntries(new URL(seen[0]!.url).searchParams)).toEqual({ s: 'h', token: 'Ab3dE7g', device: 'apple' });
  });

  it('the flag from a computer that is no Mac changes nothing', async () => {
    const res = await visit('/download?ipad=1');
    expect(res.status).toBe(200);
    expect(visibleText(await res.text())).toContain('Get the Papaya app');
  });

  it('tracks a phone with the landing parameters, then sends it to its store', async () => {
    const seen = stubOutbound(vi, () => new Response(null, { status: 204 }));
    const res = await visit('/download?s=w&t=pn&p=1001&n=Valley&co=spring&c=sms&token=abc&qr=1&junk=x', { ua: IPHONE });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(env.APP_STORE_URL);
    expect(seen).toHaveLength(1);
    const tracked = new URL(seen[0]!.url);
    expect(tracked.origin + tracked.pathname).toBe(`${env.STAND_IN_URL}/attribution/papaya`);
    expect(Object.fromEntries(tracked.searchParams)).toEqual({
      s: 'w',
      t: 'pn',
      p: '1001',
      n: 'Valley',
      co: 'spring',
      c: 'sms',
      token: 'abc',
      qr: '1',
      device: 'apple',
    });
  });

  it('still redirects when the tracker fails', async () => {
    stubOutbound(vi, () => {
      throw new TypeError('Network connection lost.');
    });
    const res = await visit('/download?s=h', { ua: ANDROID });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(env.PLAY_STORE_URL);
  });

  it('gives up on a tracker that does not answer', async () => {
    let abandoned = false;
    stubOutbound(
      vi,
      (request) =>
        new Promise<Response>((_, reject) => {
          request.signal.addEventListener('abort', () => {
            abandoned = true;
            reject(request.signal.reason);
          });
        }),
    );
    const res = await visit('/download', { ua: IPHONE });
    expect(res.status).toBe(302);
    expect(abandoned).toBe(true);
  });

  it('does not track desktop visitors, who get the landing with store links', async () => {
    const seen = stubOutbound(vi, () => new Response(null));
    const html = await (await visit('/download?s=4')).text();
    expect(seen).toHaveLength(0);
    expect(html).toContain('alt="Download on the App Store"');
    expect(html).toContain('alt="Get it on Google Play"');
  });
});

describe('financing', () => {
  it('links back to a known payee site', async () => {
    const html = await (await visit('/financing?PAYEE_NAME=Valley%20Medical%20Group')).text();
    expect(html).toContain('href="https://valleymed.example/billing"');
  });

  it('links back to the pay page otherwise (spec 000 §2), whatever name is given', async () => {
    expect(await (await visit('/financing')).text()).toContain('href="/pay" class="back-link"');
    const html = await (await visit('/financing?PAYEE_NAME=javascript:alert(1)')).text();
    expect(html).toContain('href="/pay" class="back-link"');
  });

  it('names the financing provider and disclaims any affiliation', async () => {
    const html = await (await visit('/financing')).text();
    expect(html).toContain(`href="${env.FINANCING_PROVIDER_URL}"`);
    expect(visibleText(html)).toContain('Papaya is not affiliated with, and does not endorse, the financing provider.');
  });
});

describe('verification pages', () => {
  it.each([
    ['/merchant-verification', env.VERIFY_MERCHANT_FORM_URL],
    ['/confirmation', env.VERIFY_CONFIRMATION_FORM_URL],
    ['/newpartner', env.VERIFY_NEWPARTNER_FORM_URL],
  ])('%s frames its own form at 600x800', async (path, formUrl) => {
    const html = await (await visit(path)).text();
    expect(html).toMatch(new RegExp(`<iframe src="${formUrl}" title="[^"]+" width="600" height="800"`));
  });

  it('does not exist when its form is not configured, or is not https', async () => {
    expect((await visitWith({ VERIFY_NEWPARTNER_FORM_URL: '' }, '/newpartner')).status).toBe(404);
    expect((await visitWith({ VERIFY_NEWPARTNER_FORM_URL: 'http://forms.example/x' }, '/newpartner')).status).toBe(404);
  });
});

describe('pages of the legacy site', () => {
  it('are passed through unchanged when ORIGIN_URL is set', async () => {
    const seen = stubOutbound(
      vi,
      () =>
        new Response('<html>About Papaya</html>', {
          status: 200,
          headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'self' legacy" },
        }),
    );
    const res = await visitWith({ ORIGIN_URL: 'https://legacy.test' }, '/about?ref=nav', { headers: { Cookie: 'a=b' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<html>About Papaya</html>');
    expect(seen[0]!.url).toBe('https://legacy.test/about?ref=nav');
    expect(seen[0]!.headers.get('Cookie')).toBe('a=b');
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'self' legacy");
    expect(res.headers.get('Strict-Transport-Security')).toContain('max-age=31536000');
  });

  it('keep the legacy status and redirects', async () => {
    stubOutbound(vi, () => new Response(null, { status: 301, headers: { Location: 'https://legacy.test/about-us' } }));
    const res = await visitWith({ ORIGIN_URL: 'https://legacy.test' }, '/about');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('https://legacy.test/about-us');
  });

  it('give a clear page, not a bare error, when the legacy site is down', async () => {
    stubOutbound(vi, () => {
      throw new TypeError('connection refused');
    });
    const res = await visitWith({ ORIGIN_URL: 'https://legacy.test' }, '/careers');
    expect(res.status).toBe(502);
    const text = visibleText(await res.text());
    expect(text).toContain('Something went wrong on our side.');
    expect(text).not.toMatch(/TypeError|at \w+ \(/);
  });
});

describe('failures while rendering', () => {
  function Broken(): never {
    throw new Error('broken component');
  }
  const app = new Hono<AppEnv>().use('*', requestContext).get('/broken', (c) => renderPage(c, <Broken />));

  it('an error before the first byte gives the 500 page with no stack trace', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    // The render error is logged at console.error, which this test expects and then clears for the console guard.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request('/broken', {}, env);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(visibleText(html)).toContain('Something went wrong on our side. Nothing was charged.');
    expect(html).not.toContain('broken component');
    expect(res.headers.get('Content-Security-Policy')).toContain("object-src 'none'");
    expect(errors.mock.calls.map((call) => JSON.parse(String(call[0])).msg)).toContain('render-shell');
    errors.mockClear();
  });
});

describe('request logs', () => {
  it('writes one JSON line per request, with its id and without the query string', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const res = await visit('/financing?PAYEE_NAME=Jane%20Doe&token=secret');
    await res.text();
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/financing', status: 200, device: 'desktop' });
    expect(entry.requestId).toBe(res.headers.get('X-Request-Id'));
    expect(lines[0]).not.toContain('secret');
    expect(lines[0]).not.toContain('Jane');
  });
});

describe('the bot-check notice', () => {
  const app = new Hono<AppEnv>()
    .use('*', requestContext)
    .get('/with', (c) => renderPage(c, <Document page="Update-Pass">content</Document>))
    .get('/without', (c) => renderPage(c, <Document page="Terms">content</Document>));

  it('shows on the pages that carry a human check, and only there', async () => {
    expect(visibleText(await (await app.request('/with', {}, env)).text())).toContain('This site is protected by Cloudflare Turnstile');
    expect(visibleText(await (await app.request('/without', {}, env)).text())).not.toContain('Turnstile');
  });
});
