/**
 * The headers every answer carries (security set, request id, `Vary` for pages) and the CSP's
 * nonce for each answer: given to every answer in one step, after the route made it
 * (`withSiteHeaders`, called by the request context in src/web/middleware.ts).
 */
import type { SiteConfig } from '../settings/config';
import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from './csp-reports';
import { TURNSTILE_ORIGIN } from './human-check';

/** Where browsers send what the CSP blocked (the Reporting API's endpoints, by group). */
const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;

export const WIDGET_PATHS = new Set(['/pay-widget', '/pay-widget-imaginepay-button', '/pay-widget-restore-tab']);

/** What no browser or proxy may keep: every answer that does not say otherwise (see `withSiteHeaders`). */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** Pages that hold a token or a payment: never cached, and their URL never leaves in a Referer. */
export const PRIVATE_PAGE = { ...NO_STORE, 'Referrer-Policy': 'no-referrer' } as const;

/** A CSP nonce for one answer: 16 random bytes in base64, as Hono's secureHeaders draws them. */
export function makeNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

export interface CspOptions {
  nonce: string;
  /** Origins allowed to frame the page; empty means nobody. */
  frameAncestors: string[];
  /** Origins the page may frame (verification forms, the human check). */
  frameSrc: string[];
  /**
   * Origins besides this site a form's answer may lead to: a payment posted without script is
   * answered with a 303 to its receipt, which may be on the web-pay host or the backend's.
   */
  formTargets?: string[];
}

export function contentSecurityPolicy({ nonce, frameAncestors, frameSrc, formTargets = [] }: CspOptions): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frameSrc.length ? frameSrc.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", ...formTargets].join(' '),
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
    // Violations are reported to the site (Reporting-Endpoints names the group; report-uri for older browsers).
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join('; ');
}

export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

export interface HeaderOptions extends CspOptions {
  embeddable: boolean;
  /** A page passed through from the legacy site: its own CSP applies, ours would block its scripts. */
  foreign?: boolean;
}

/** Headers every answer carries, whatever it is. */
export const TRANSPORT_HEADERS = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** The site-wide headers of a response. */
export function securityHeaders(options: HeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    ...TRANSPORT_HEADERS,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (!options.foreign) {
    headers['Content-Security-Policy'] = contentSecurityPolicy(options);
    headers['Reporting-Endpoints'] = REPORTING_ENDPOINTS;
  }
  if (!options.embeddable) headers['X-Frame-Options'] = 'DENY';
  return headers;
}

/** A page differs by device and, through the visitor's choice or their browser's, by language. */
const VARY = 'User-Agent, Sec-CH-UA-Mobile, Sec-CH-UA-Platform, Accept-Language, Cookie';

const framed = new WeakMap<SiteConfig, { frameSrc: string[]; formTargets: string[] }>();

/** The origins a page may frame (the verification forms, Turnstile) and send a form on to (the hosts of a receipt), per configuration. */
function originsFor(config: SiteConfig) {
  let origins = framed.get(config);
  if (!origins) {
    const { verification, humanCheck, webPayUrl, originUrl } = config;
    const frames = [verification.merchant, verification.confirmation, verification.newpartner];
    // Turnstile draws its check in a frame of its own.
    if (humanCheck === 'turnstile') frames.push(TURNSTILE_ORIGIN);
    const origins_ = (urls: string[]) => [...new Set(urls.map(originOf))].filter((o): o is string => !!o);
    origins = { frameSrc: origins_(frames), formTargets: origins_([webPayUrl, originUrl]) };
    framed.set(config, origins);
  }
  return origins;
}

/** What an answer's headers depend on besides the answer itself. */
export interface Answered {
  requestId: string;
  nonce: string;
  path: string;
  config: SiteConfig;
  /** A page passed through from the legacy site keeps its own CSP. */
  foreign: boolean;
}

/**
 * The site's headers an answer may already carry, which are then kept: a route's cache rule or
 * stricter referrer policy, and the policy of a page drawn again inside the Worker after a form
 * was posted (its nonce is the one in its script tags).
 */
const ROUTES_MAY_SET = new Set(['Cache-Control', 'Referrer-Policy', 'Content-Security-Policy']);

/** Stands for the nonce in a kept set of headers; never sent. */
const NONCE_MARK = '\u0000nonce\u0000';
const siteSets = new WeakMap<SiteConfig, Map<string, Array<[string, string]>>>();

/**
 * The site's headers of an answer, `no-store` first: the same for every answer of a kind (a widget,
 * a page passed through) under one configuration but for the CSP's nonce, so each kind's list is
 * made once and the nonce written into its policy.
 */
function siteHeadersFor({ config, path, foreign, nonce }: Answered): Array<[string, string]> {
  const embeddable = WIDGET_PATHS.has(path);
  const kind = `${embeddable} ${foreign}`;
  let sets = siteSets.get(config);
  if (!sets) siteSets.set(config, (sets = new Map()));
  let set = sets.get(kind);
  if (!set) {
    const ancestors = config.widgetFrameAncestors;
    const site = securityHeaders({
      nonce: NONCE_MARK,
      embeddable,
      foreign,
      frameAncestors: embeddable ? (ancestors.length ? ancestors : ["'self'"]) : [],
      ...originsFor(config),
    });
    set = Object.entries({ ...NO_STORE, ...site });
    sets.set(kind, set);
  }
  return set.map(([name, value]) => [name, name === 'Content-Security-Policy' ? value.replace(NONCE_MARK, nonce) : value]);
}

/**
 * Gives an answer the site's headers: the security set with this answer's nonce, its request id,
 * `no-store` unless it says otherwise, and `Vary` for pages. A cache rule or a stricter
 * Referrer-Policy the route set is kept. An answer passed through from fetch() has immutable
 * headers, so it is copied first.
 */
export function withSiteHeaders(res: Response, answered: Answered): Response {
  let headers = res.headers;
  try {
    headers.set('X-Request-Id', answered.requestId);
  } catch {
    res = new Response(res.body, res);
    headers = res.headers;
    headers.set('X-Request-Id', answered.requestId);
  }
  for (const [name, value] of siteHeadersFor(answered)) if (!ROUTES_MAY_SET.has(name) || !headers.has(name)) headers.set(name, value);
  if (headers.get('Content-Type')?.startsWith('text/html')) headers.append('Vary', VARY);
  return res;
}
