import { siteOrigin, type SiteConfig } from '../settings/config';
/**
 * Which URLs may become a redirect: this site's own paths, and the configured store and web-pay
 * hosts over https. Everything else (other hosts, protocol-relative and backslash tricks,
 * credentials, scripts, control characters) is refused.
 */
export interface RedirectPolicy {
  /** This site's origin, e.g. `https://papayapay.com`. */
  siteOrigin: string;
  /** Other origins a redirect may lead to (web-pay host, app stores). */
  allowedOrigins: string[];
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\\]/;

/** The normalised redirect target, or null when the URL may not be a redirect. */
export function safeRedirectTarget(raw: string, policy: RedirectPolicy): string | null {
  if (!raw || raw.length > 2000 || CONTROL.test(raw) || raw !== raw.trim()) return null;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (CONTROL.test(decoded) || /^\s*\/\//.test(decoded)) return null;
  let url: URL;
  try {
    url = new URL(raw, policy.siteOrigin);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.origin === policy.siteOrigin) {
    // Only a path written as a path (not `//host` or an absolute URL of another scheme).
    if (!raw.startsWith('/') && !raw.startsWith(policy.siteOrigin + '/')) return null;
    if (url.pathname.startsWith('//')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  }
  if (url.protocol !== 'https:' || !policy.allowedOrigins.includes(url.origin)) return null;
  return url.href;
}

export function originsOf(urls: string[]): string[] {
  const out: string[] = [];
  for (const u of urls) {
    try {
      const parsed = new URL(u);
      if (parsed.protocol === 'https:') out.push(parsed.origin);
    } catch {
      // Unset or malformed: no origin to allow.
    }
  }
  return out;
}

/** Where this site may send a visitor: its own paths, web pay and the app stores. */
export function redirectPolicy(config: SiteConfig, requestUrl: string): RedirectPolicy {
  let allowedOrigins = allowed.get(config);
  if (!allowedOrigins) allowed.set(config, (allowedOrigins = originsOf([config.webPayUrl, config.appStoreUrl, config.playStoreUrl])));
  return { siteOrigin: siteOrigin(config, requestUrl), allowedOrigins };
}

/** The other origins of each configuration (settings are parsed once per isolate). */
const allowed = new WeakMap<SiteConfig, string[]>();
