// The pages the bench measures, what each should answer, and the budgets they are held to.

/** A desktop browser: phones are sent elsewhere by some routes, and the pages are measured as served. */
export const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export const KIB = 1024;
/**
 * The text-me-a-link pages before masks and form posts came (2026-11-22), and the report of the
 * islands' uncaught errors (at most 1 KiB): they may not grow past it.
 */
const TEXT_ME_A_LINK_JS = (69.8 + 1) * KIB;
/** The web payment form on 2026-11-22; it must stay well under it. */
const WEB_PAYMENT_JS = 95.7 * KIB;
/** The Web Vitals beacon's chunk (`client/vitals.ts`, web-vitals 6), gzip, as measured when it came (2026-11-29). */
export const VITALS_CHUNK_JS = 3730;
/**
 * Everything the page has loaded once it is idle, the input masks included, the report of the
 * islands' uncaught errors (at most 1 KiB of it), and the Web Vitals beacon's chunk, loaded after
 * `load` on idle: the limits rose by that chunk's size and no more.
 */
export const IDLE_JS_BUDGET = { 'text-me-a-link': 81 * KIB + VITALS_CHUNK_JS, 'web payment': 91 * KIB + VITALS_CHUNK_JS };

/**
 * kind: `static` pages ship no JavaScript; `ssr` pages are drawn per request. Every page must reach
 * RATIO_BUDGET of the baseline.
 * jsBudget: gzip bytes of JavaScript before the page is usable.
 * lighthouseExpects: audits a page fails because it is right to (by Lighthouse category): a reset
 * link's page is not for crawlers, a page that is not found says so with its status, and the
 * browser logs that status as a console line.
 */
export const PAGES = [
  { name: 'legal', path: '/embedded/termsofservice', status: 200, kind: 'static', jsBudget: 0 },
  { name: 'pay', path: '/pay', status: 200, kind: 'ssr', jsBudget: TEXT_ME_A_LINK_JS, jsBudgetName: 'text-me-a-link' },
  { name: 'provider', path: '/valleymed', status: 200, kind: 'ssr', jsBudget: TEXT_ME_A_LINK_JS, jsBudgetName: 'text-me-a-link' },
  { name: 'web-payment lookup', path: '/web-payment', status: 200, kind: 'ssr', jsBudget: WEB_PAYMENT_JS, jsBudgetName: 'web payment' },
  {
    name: 'web-payment form',
    path: '/web-payment?p=1001',
    status: 200,
    kind: 'ssr',
    jsBudget: WEB_PAYMENT_JS,
    jsBudgetName: 'web payment',
  },
  {
    name: 'update-password',
    path: '/update-password?x=RESET-VALID',
    status: 200,
    kind: 'ssr',
    jsBudget: 80 * KIB,
    jsBudgetName: 'single form',
    lighthouseExpects: { seo: ['is-crawlable'] },
  },
  {
    name: 'not found',
    path: '/no-such-page-here',
    status: 404,
    kind: 'ssr',
    jsBudget: TEXT_ME_A_LINK_JS,
    jsBudgetName: 'text-me-a-link',
    lighthouseExpects: { seo: ['http-status-code'], 'best-practices': ['errors-in-console'] },
  },
  { name: 'short link', path: '/s/<key>', status: 302, kind: 'static', jsBudget: 0 },
];

/** The browser of a Spanish-speaking visitor: the same pages, drawn in Spanish. */
export const SPANISH = 'es-US,es;q=0.9,en;q=0.8';
/**
 * Pages measured again in Spanish (`language`): each must reach SPANISH_RATIO of its English
 * page's throughput and load no more JavaScript than it plus SPANISH_JS_MARGIN.
 */
export const SPANISH_PAGES = ['/valleymed', '/web-payment?p=1001', '/no-such-page-here'];
export const SPANISH_RATIO = 0.9;
export const SPANISH_JS_MARGIN = 1 * KIB;

/** Throughput ÷ the baseline's, for every page: a floor with room for the machine's noise, not a target. */
export const RATIO_BUDGET = { static: 0.4, ssr: 0.4 };
/** The Worker as deployed (minified, React's production build), gzip: what every cold isolate loads. */
export const WORKER_BUNDLE_BUDGET = 128 * KIB;

export const LIGHTHOUSE_BUDGET = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
/** Largest contentful paint of every page with a form (`ssr`), in Lighthouse's mobile profile: as fast as a static page. */
export const FORM_PAGE_LCP_MS = 1200;

/** Creates the short link the `/s/<key>` page follows, through the site's own API. */
export async function shortLinkPath(site) {
  const res = await fetch(`${site}/api/shorten_url.php?action=shorten_url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': DESKTOP_UA },
    body: JSON.stringify({ url: `${site}/valleymed` }),
  });
  if (!res.ok) throw new Error(`could not create a short link: ${res.status}`);
  const { key } = await res.json();
  return `/s/${key}`;
}
