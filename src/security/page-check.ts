/**
 * The payment pages as a visitor's browser receives them (PCI DSS 4.0.1 11.6.1): each page's
 * security headers and every script it runs or loads, with the sha384 of the bytes served,
 * read into a manifest (page-compare.ts compares it with the approved one). Both checks read
 * through here: `npm run check:payment-pages` from outside the Cloudflare account, and the
 * Worker's scheduled run (`src/scheduled/page-watch.ts`).
 *
 * What changes on every answer is normalised away (the CSP's nonce, a redirect's query, request
 * ids are not read); everything else must be as approved, byte for byte.
 */

/** The headers a payment page's security rests on, as the check names them. */
export const CHECKED_HEADERS = [
  'Content-Security-Policy',
  'Strict-Transport-Security',
  'X-Frame-Options',
  'Referrer-Policy',
  'X-Content-Type-Options',
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
  'Cache-Control',
  'Reporting-Endpoints',
] as const;

/** How the pages are asked for: as a phone and as a computer would. */
export const CHECK_DEVICES = {
  phone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  computer: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
} as const;

export type CheckDevice = keyof typeof CHECK_DEVICES;

/** What the pages are about: a payee whose card form the site offers, its provider code, and a receipt where this site draws one. */
export interface PageTargets {
  payee: string;
  provider: string;
  /** A confirmation number; only the local demo draws receipts (a real backend serves its own). */
  receipt?: string;
}

/** The local demo's payee, provider and no receipt (a receipt exists once a payment went through). */
export const DEMO_TARGETS: PageTargets = { payee: '1001', provider: 'valleymed' };

/** Every payment page: text-me-a-link, the card form in both versions, the receipt. */
export function paymentPages(targets: PageTargets): Array<{ name: string; path: string }> {
  return [
    { name: 'text-me-a-link', path: `/pay/${encodeURIComponent(targets.provider)}` },
    { name: 'card form', path: `/web-payment?p=${encodeURIComponent(targets.payee)}` },
    { name: 'company card form', path: `/web-payment?p=${encodeURIComponent(targets.payee)}&ib=1` },
    ...(targets.receipt ? [{ name: 'receipt', path: `/receipt/${encodeURIComponent(targets.receipt)}` }] : []),
  ];
}

/** One script as served: where it comes from, what vouches for it, and the sha384 of its bytes. */
export interface ServedScript {
  /** A path on the site, a whole URL elsewhere, `inline`, or `importmap`. */
  address: string;
  /** `classic`, `module`, `importmap`, or `import` for a chunk the import map vouches for. */
  kind: string;
  /** The integrity the page claims for it (the tag's, or the import map's entry); empty for none. */
  integrity: string;
  /** sha384 of the bytes served; empty for another site's script (host-restricted, it cannot carry a hash). */
  sha384: string;
}

export interface ServedPage {
  status: number;
  /** The Worker version that drew the page, as its boot script names it; absent where no script names one (a redirect). */
  version?: string;
  /** A redirect's target without its query. */
  location?: string;
  headers: Record<string, string>;
  scripts: ServedScript[];
}

export interface PageManifest {
  about: string;
  targets: PageTargets;
  /** By page and device: "card form as a phone". */
  pages: Record<string, ServedPage>;
}

export interface Difference {
  page: string;
  what: string;
  approved: string;
  served: string;
}

export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

/** What a manifest says of a header or redirect a page does not have. */
export const ABSENT = '(absent)';
const EXECUTABLE = new Set(['', 'text/javascript', 'application/javascript', 'module', 'importmap']);

export async function sha384(bytes: ArrayBuffer | string): Promise<string> {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', data));
  return `sha384-${btoa(String.fromCharCode(...digest))}`;
}

/** A header as approved or served: the CSP with its nonce as `{nonce}`. */
export function normaliseHeader(name: string, value: string | null): string {
  if (value === null) return ABSENT;
  return name === 'Content-Security-Policy' ? value.replace(/'nonce-[^']*'/g, "'nonce-{nonce}'") : value;
}

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const m of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g))
    attributes.set(m[1]!.toLowerCase(), (m[2] ?? m[3] ?? m[4] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
  return attributes;
}

/** The scripts of a page as its HTML has them: every tag a browser would run, in order. */
export function scriptTagsOf(html: string): Array<{ attributes: Map<string, string>; text: string }> {
  const tags: Array<{ attributes: Map<string, string>; text: string }> = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = attributesOf(m[1]!);
    if (EXECUTABLE.has((attributes.get('type') ?? '').trim().toLowerCase())) tags.push({ attributes, text: m[2]! });
  }
  return tags;
}

/** What one run of the check reads: each page and script once. */
class Reader {
  readonly #scripts = new Map<string, Promise<string>>();

  constructor(
    readonly base: URL,
    readonly fetcher: Fetcher,
  ) {}

  /** A script's sha384 as served, or what went wrong fetching it. */
  scriptHash(url: URL, userAgent: string): Promise<string> {
    let hash = this.#scripts.get(url.href);
    if (!hash) {
      hash = this.fetcher(url.href, { headers: { 'User-Agent': userAgent } }).then(async (res) =>
        res.ok ? sha384(await res.arrayBuffer()) : `(answered ${res.status})`,
      );
      this.#scripts.set(url.href, hash);
    }
    return hash;
  }

  addressOf(url: URL): string {
    return url.origin === this.base.origin ? `${url.pathname}${url.search}` : url.href;
  }

  async page(path: string, device: CheckDevice): Promise<ServedPage> {
    const userAgent = CHECK_DEVICES[device];
    const res = await this.fetcher(new URL(path, this.base).href, {
      headers: { 'User-Agent': userAgent, 'Accept-Language': 'en-US,en;q=0.9' },
      redirect: 'manual',
    });
    const headers: Record<string, string> = {};
    for (const name of CHECKED_HEADERS) headers[name] = normaliseHeader(name, res.headers.get(name));
    const served: ServedPage = { status: res.status, headers, scripts: [] };
    const location = res.headers.get('Location');
    if (location) {
      const to = new URL(location, this.base);
      served.location = to.origin === this.base.origin ? to.pathname : `${to.origin}${to.pathname}`;
    }
    const html = (res.headers.get('Content-Type') ?? '').includes('text/html') ? await res.text() : '';
    const named = scriptTagsOf(html)
      .map(({ attributes }) => attributes.get('data-version'))
      .find(Boolean);
    if (named) served.version = named;
    for (const { attributes, text } of scriptTagsOf(html)) {
      const type = (attributes.get('type') ?? '').trim().toLowerCase();
      const integrity = attributes.get('integrity') ?? '';
      if (type === 'importmap') {
        served.scripts.push({ address: 'importmap', kind: 'importmap', integrity, sha384: await sha384(text) });
        let map: { integrity?: Record<string, string> } = {};
        try {
          map = JSON.parse(text) as typeof map;
        } catch {
          // An import map that is not JSON differs from the approved one by its hash already.
        }
        for (const [address, claimed] of Object.entries(map.integrity ?? {})) {
          const url = new URL(address, this.base);
          const own = url.origin === this.base.origin;
          served.scripts.push({
            address: this.addressOf(url),
            kind: 'import',
            integrity: claimed,
            sha384: own ? await this.scriptHash(url, userAgent) : '',
          });
        }
        continue;
      }
      const kind = type === 'module' ? 'module' : 'classic';
      const src = attributes.get('src');
      if (src === undefined) {
        served.scripts.push({ address: 'inline', kind, integrity, sha384: await sha384(text) });
        continue;
      }
      const url = new URL(src, this.base);
      const own = url.origin === this.base.origin;
      served.scripts.push({ address: this.addressOf(url), kind, integrity, sha384: own ? await this.scriptHash(url, userAgent) : '' });
    }
    return served;
  }
}

/** Every payment page as a phone and as a computer receive it from the site at `base`. */
export async function readPaymentPages(base: string, targets: PageTargets, fetcher: Fetcher): Promise<PageManifest> {
  const reader = new Reader(new URL(base), fetcher);
  const pages: Record<string, ServedPage> = {};
  for (const { name, path } of paymentPages(targets))
    for (const device of Object.keys(CHECK_DEVICES) as CheckDevice[]) pages[`${name} as a ${device}`] = await reader.page(path, device);
  return {
    about:
      'The payment pages as approved (PCI DSS 4.0.1 11.6.1): status, security headers and every script with the sha384 of its bytes, by page and device. Written by `npm run check:payment-pages -- <URL> --approve`; see docs/security.md.',
    targets,
    pages,
  };
}
