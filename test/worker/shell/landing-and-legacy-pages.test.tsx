import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../../src/web/app-env';
import { requestContext } from '../../../src/web/middleware';
import { renderPage } from '../../../src/web/render';
import { Document } from '../../../src/pages/shell/document';
import { ANDROID, IPHONE, scriptTags, stubOutbound, visibleText, visit } from '../helpers';
import { visitWith } from '../origin-helpers';

afterEach(() => vi.restoreAllMocks());

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

  it('sends the phone on without waiting for the tracker, and gives up on a tracker that does not answer', async () => {
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
    // The tracker is told after the answer, and given up on after its second.
    expect(abandoned).toBe(false);
    await vi.waitFor(() => expect(abandoned).toBe(true), { timeout: 5000 });
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

  it('an error while the page is drawn gives the 500 page with no stack trace', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    // The render error is logged at console.error, which this test expects and then clears for the console guard.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request('/broken', {}, env);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(visibleText(html)).toContain('Something went wrong on our side. Nothing was charged.');
    expect(html).not.toContain('broken component');
    expect(res.headers.get('Content-Security-Policy')).toContain("object-src 'none'");
    expect(errors.mock.calls.map((call) => JSON.parse(String(call[0])).msg)).toContain('render');
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
