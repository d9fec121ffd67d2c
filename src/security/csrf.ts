/**
 * Cross-site request forgery: a request that changes something (any method but GET, HEAD and
 * OPTIONS), sent by a browser from another site's page, is refused whatever its content type
 * (JSON, urlencoded, multipart, text/plain). Browsers say where a request comes from in
 * `Sec-Fetch-Site` (every current one) and `Origin`; a request with neither is not from a
 * browser page and has no visitor's cookies or session to abuse.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function crossSiteWrite(method: string, headers: Headers, siteOrigin: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const fetchSite = headers.get('Sec-Fetch-Site');
  if (fetchSite !== null) return fetchSite !== 'same-origin';
  const origin = headers.get('Origin');
  // `null` is what a sandboxed frame, a data: page or a privacy-stripped redirect sends.
  if (origin !== null) return origin !== siteOrigin;
  return false;
}
