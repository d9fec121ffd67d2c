/** Security headers and the per-response CSP nonce. */

export const WIDGET_PATHS = new Set(['/pay-widget', '/pay-widget-imaginepay-button', '/pay-widget-restore-tab']);

/** What no browser or proxy may keep: every answer that does not say otherwise (see `addSiteHeaders`). */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** Pages that hold a token or a payment: never cached, and their URL never leaves in a Referer. */
export const PRIVATE_PAGE = { ...NO_STORE, 'Referrer-Policy': 'no-referrer' } as const;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** 144 random bits in base64 (24 characters, no padding). */
export function makeNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  let nonce = '';
  for (let i = 0; i < 18; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    nonce += BASE64[n >> 18]! + BASE64[(n >> 12) & 63]! + BASE64[(n >> 6) & 63]! + BASE64[n & 63]!;
  }
  return nonce;
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
  if (!options.foreign) headers['Content-Security-Policy'] = contentSecurityPolicy(options);
  if (!options.embeddable) headers['X-Frame-Options'] = 'DENY';
  return headers;
}
