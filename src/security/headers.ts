/** Security headers and the per-response CSP nonce. */
import { CSP_REPORT_GROUP, CSP_REPORT_PATH } from './csp-reports';

/** Where browsers send what the CSP blocked (the Reporting API's endpoints, by group). */
const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;

export const WIDGET_PATHS = new Set(['/pay-widget', '/pay-widget-imaginepay-button', '/pay-widget-restore-tab']);

/** What no browser or proxy may keep: every answer that does not say otherwise (see `addSiteHeaders`). */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** Pages that hold a token or a payment: never cached, and their URL never leaves in a Referer. */
export const PRIVATE_PAGE = { ...NO_STORE, 'Referrer-Policy': 'no-referrer' } as const;

const BASE64 = Uint8Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', (ch) => ch.charCodeAt(0));
const NONCE_BYTES = 18;
/**
 * Random bytes for the next nonces, drawn from the runtime's generator for many nonces at once
 * (a draw and its buffer cost more than encoding); each byte is used for one nonce only.
 */
const POOL_NONCES = 64;
let pool: Uint8Array | undefined;
let nextInPool = POOL_NONCES;
const nonceCodes: number[] = new Array<number>(24).fill(0);

/** 144 random bits in base64 (24 characters, no padding). */
export function makeNonce(): string {
  // Drawn on first use: Workers do not allow random values at global scope.
  if (nextInPool === POOL_NONCES) {
    pool = crypto.getRandomValues(pool ?? new Uint8Array(NONCE_BYTES * POOL_NONCES));
    nextInPool = 0;
  }
  const bytes = pool!;
  const at = NONCE_BYTES * nextInPool++;
  for (let i = at, o = 0; i < at + NONCE_BYTES; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    nonceCodes[o++] = BASE64[n >> 18]!;
    nonceCodes[o++] = BASE64[(n >> 12) & 63]!;
    nonceCodes[o++] = BASE64[(n >> 6) & 63]!;
    nonceCodes[o++] = BASE64[n & 63]!;
  }
  return String.fromCharCode(...nonceCodes);
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
