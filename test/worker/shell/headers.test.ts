import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import manifest from '../../../dist/client/.vite/manifest.json';
import { ANDROID, cspDirectives, DESKTOP, IPHONE, LABELS, scriptTags, stubOutbound, visit } from '../helpers';
import { ROUTE_TABLE } from '../routes';

function expectBaseHeaders(res: Response) {
  const csp = cspDirectives(res.headers.get('Content-Security-Policy'));
  expect(csp.get('script-src')).toMatch(/^'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'$/);
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'none'");
  // Forms post to this site; a payment's 303 may lead to its receipt on the web-pay host.
  expect(csp.get('form-action')).toBe("'self' https://webpay.papayapay.com");
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
    const entry = `/${manifest['client/boot.ts'].file}`;
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
    // The page's import map and its one script carry the nonce of their own response.
    const tags = scriptTags(await a.text());
    expect(tags).toHaveLength(2);
    expect(tags[0]).toMatch(/^<script type="importmap"/);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonceA}"`);
    await b.body?.cancel();
  });

  it('the verification pages may frame their form and nothing else', async () => {
    const res = await visit('/merchant-verification');
    const csp = cspDirectives(res.headers.get('Content-Security-Policy'));
    expect(csp.get('frame-src')).toBe('https://form.jotform.com');
    await res.body?.cancel();
  });
});

/**
 * Every route of both specs, walked for its headers: each HTML answer has a strict CSP with its
 * own nonce, cannot be framed (widgets aside), is HSTS and nosniff, and payment and token pages
 * are neither cached nor leak their URL as a referrer.
 */

/** Pages whose URL carries a token or that show an account's or a payment's details. */
const TOKEN_PAGES = [
  '/update-password',
  '/update-password?x=RESET-VALID',
  '/update-password?x=RESET-EXPIRED',
  '/update-password?x=RESET-MISMATCH',
  '/pay-later',
  '/pay-later?ue=member%40example.com',
  '/account-link?error=access_denied',
  '/account-link?code=CODE&state=STATE',
  '/update-info-request',
  '/update-info-request?t=INFO-DEADLINE',
  '/update-info-request?t=INFO-FIELDS',
  '/getpaid',
  '/getpaid?i=ACCESS1',
];

/** Pages where card data is typed or a payment is shown. */
const PAYMENT_PAGES = [
  '/web-payment',
  '/web-payment?p=1001',
  '/web-payment?p=1007',
  '/web-payment?p=1009&ib=1',
  '/web-payment-multi-option/harborhealth',
];

/** The only routes other sites may frame. */
const WIDGETS = [
  '/pay-widget?name=valleymed',
  '/pay-widget',
  '/pay-widget-imaginepay-button',
  '/pay-widget-restore-tab',
  '/pay-widget-restore-tab?name=valleymed',
];

const isWidget = (path: string) => path.startsWith('/pay-widget');
const isTokenPage = (path: string) => TOKEN_PAGES.some((p) => p.split('?')[0] === path.split('?')[0]);

/** Headers every answer carries, HTML or not. */
function expectTransportHeaders(res: Response, label: string) {
  const hsts = res.headers.get('Strict-Transport-Security') ?? '';
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), `${label}: HSTS max-age`).toBeGreaterThanOrEqual(31_536_000);
  expect(hsts, `${label}: HSTS`).toContain('includeSubDomains');
  expect(res.headers.get('X-Content-Type-Options'), `${label}: nosniff`).toBe('nosniff');
}

async function expectHtmlHeaders(path: string, ua: string): Promise<void> {
  const label = `${path} (${LABELS[ua]})`;
  const res = await visit(path, { ua });
  expect(res.status, `${label}: status`).toBeLessThan(500);
  expectTransportHeaders(res, label);
  if (!res.headers.get('Content-Type')?.startsWith('text/html')) {
    await res.body?.cancel();
    return;
  }
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  const d = cspDirectives(csp);
  const nonce = /^'nonce-([A-Za-z0-9+/=]{16,})' 'strict-dynamic'$/.exec(d.get('script-src') ?? '')?.[1];
  expect(nonce, `${label}: script-src is a nonce and strict-dynamic only`).toBeDefined();
  expect(d.get('object-src'), `${label}: object-src`).toBe("'none'");
  expect(d.get('base-uri'), `${label}: base-uri`).toBe("'none'");
  expect(csp, `${label}: no unsafe-inline`).not.toContain('unsafe-inline');
  expect(csp, `${label}: no unsafe-eval`).not.toContain('unsafe-eval');
  if (isWidget(path)) {
    expect(d.get('frame-ancestors'), `${label}: frame-ancestors`).not.toBe("'none'");
    expect(d.get('frame-ancestors'), `${label}: frame-ancestors`).not.toContain('*');
  } else {
    expect(d.get('frame-ancestors'), `${label}: frame-ancestors`).toBe("'none'");
    expect(res.headers.get('X-Frame-Options'), `${label}: X-Frame-Options`).toBe('DENY');
  }
  expect(res.headers.get('Cache-Control'), `${label}: Cache-Control`).toBe('no-store');
  if (isTokenPage(path)) expect(res.headers.get('Referrer-Policy'), `${label}: Referrer-Policy`).toBe('no-referrer');
  else
    expect(['no-referrer', 'strict-origin-when-cross-origin'], `${label}: Referrer-Policy`).toContain(res.headers.get('Referrer-Policy'));
  // Every script the page has carries this response's nonce, and nothing is inline without it.
  for (const tag of scriptTags(await res.text())) expect(tag, `${label}: script nonce`).toContain(`nonce="${nonce}"`);
}

describe('security headers on every route', () => {
  // Phones on /download are tracked before their redirect; the tracker answers quickly here.
  beforeEach(() => stubOutbound(vi, () => new Response(null, { status: 204 })));
  afterEach(() => vi.restoreAllMocks());

  it('every route of the route table, as its visitor', async () => {
    for (const [path, ua] of ROUTE_TABLE) await expectHtmlHeaders(path, ua);
  });

  it.each([
    ['token pages', TOKEN_PAGES],
    ['payment pages', PAYMENT_PAGES],
    ['widgets', WIDGETS],
  ])('%s, on a desktop, an iPhone and an Android phone', async (_label, paths) => {
    for (const path of paths) for (const ua of [DESKTOP, IPHONE, ANDROID]) await expectHtmlHeaders(path, ua);
  });

  it('token pages send no referrer and are not cached', async () => {
    for (const path of TOKEN_PAGES) {
      const res = await visit(path);
      expect(res.headers.get('Referrer-Policy'), path).toBe('no-referrer');
      expect(res.headers.get('Cache-Control'), path).toBe('no-store');
      await res.body?.cancel();
    }
  });

  it('the nonce differs on every answer of the same page', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await visit('/web-payment?p=1001');
      nonces.add(/'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')![1]!);
      await res.body?.cancel();
    }
    expect(nonces.size).toBe(20);
  });

  it('API answers and redirects carry the transport headers too', async () => {
    for (const [path, init] of [
      ['/api/web_payment.php?action=getPayees&term=valley&target=partner', {}],
      ['/api/nothing.php', { method: 'POST' }],
      ['/harborhealth', {}],
      ['/valleymed', { ua: IPHONE }],
      ['/robots.txt', {}],
    ] as const) {
      const res = await visit(path, init);
      expectTransportHeaders(res, path);
      await res.body?.cancel();
    }
  });
});
