import { describe, expect, it } from 'vitest';
import manifest from '../../dist/client/.vite/manifest.json';
import { cspDirectives, scriptTags, visit } from './helpers';

function expectBaseHeaders(res: Response) {
  const csp = cspDirectives(res.headers.get('Content-Security-Policy'));
  expect(csp.get('script-src')).toMatch(/^'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'$/);
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'none'");
  expect(csp.get('form-action')).toBe("'self'");
  expect(res.headers.get('Content-Security-Policy')).not.toContain('unsafe-inline');
  expect(res.headers.get('Content-Security-Policy')).not.toContain('unsafe-eval');
  const hsts = res.headers.get('Strict-Transport-Security') ?? '';
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31536000);
  expect(hsts).toContain('includeSubDomains');
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('Permissions-Policy')).toContain('camera=()');
  expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  return csp;
}

describe('security headers', () => {
  it('an HTML page is not frameable, not cached, and has a strict CSP', async () => {
    const res = await visit('/embedded/termsofservice');
    const csp = expectBaseHeaders(res);
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
  });

  it('a widget route may be framed by the configured partner sites only', async () => {
    const res = await visit('/pay-widget?name=valleymed');
    const csp = expectBaseHeaders(res);
    expect(csp.get('frame-ancestors')).toBe('https://partner.example');
    expect(res.headers.get('X-Frame-Options')).toBeNull();
  });

  it('a hashed bundle is cached for a year and immutable, with the same headers', async () => {
    const entry = `/${manifest['client/entry.ts'].file}`;
    const res = await visit(entry);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const csp = expectBaseHeaders(res);
    expect(csp.get('frame-ancestors')).toBe("'none'");
  });

  it('a static file is cached briefly', async () => {
    const res = await visit('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expectBaseHeaders(res);
  });

  it('the build manifest is not served', async () => {
    const res = await visit('/assets/../.vite/manifest.json');
    expect(res.status).toBe(404);
  });

  it('each response gets a fresh nonce and request id', async () => {
    const [a, b] = await Promise.all([visit('/pay-appclip'), visit('/pay-appclip')]);
    const nonceA = /'nonce-([^']+)'/.exec(a.headers.get('Content-Security-Policy')!)![1];
    const nonceB = /'nonce-([^']+)'/.exec(b.headers.get('Content-Security-Policy')!)![1];
    expect(nonceA).not.toBe(nonceB);
    expect(a.headers.get('X-Request-Id')).not.toBe(b.headers.get('X-Request-Id'));
    // The page's script carries the nonce of its own response.
    const tags = scriptTags(await a.text());
    expect(tags).toHaveLength(1);
    expect(tags[0]).toContain(`nonce="${nonceA}"`);
    await b.body?.cancel();
  });

  it('the verification pages may frame their form and nothing else', async () => {
    const res = await visit('/merchant-verification');
    const csp = cspDirectives(res.headers.get('Content-Security-Policy'));
    expect(csp.get('frame-src')).toBe('https://form.jotform.com');
    await res.body?.cancel();
  });
});
