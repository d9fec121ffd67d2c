/**
 * Ways to smuggle another site into a redirect or a link: protocol-relative and backslash paths,
 * credentials before the host, other hosts, script URLs, encoded slashes, and the same with tabs,
 * newlines and spaces that browsers strip.
 */
export const OPEN_REDIRECT_CORPUS = [
  '//evil.example',
  '//evil.example/pay',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  'https://site@evil.example',
  'https://papaya.test@evil.example',
  'https://papaya.test.evil.example',
  'https://evil.example',
  'https://evil.example/valleymed',
  'HTTPS://EVIL.EXAMPLE',
  'http://evil.example',
  'https:evil.example',
  'https:/evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '%2F%2Fevil.example',
  '/%2F/evil.example',
  '%2f%2fevil.example',
  '/%5Cevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '\t//evil.example',
  '\n//evil.example',
  ' //evil.example',
  '//evil.example\t',
  '/%09/evil.example',
  '/%0A/evil.example',
];

/** True when a browser following `href` from a page at `base` stays on `base`'s site or the allowed origins. */
export function staysOn(href: string, base: string, allowedOrigins: string[] = []): boolean {
  // Browsers drop tabs and newlines from URLs and read a backslash as a slash.
  const cleaned = href
    .replace(/[\t\n\r]/g, '')
    .replace(/\\/g, '/')
    .trim();
  let url: URL;
  try {
    url = new URL(cleaned, base);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return url.origin === new URL(base).origin || allowedOrigins.includes(url.origin);
}
