/** The page shell's shared constants: titles, links and where the footer is hidden (spec 001 §2). */

export const DEFAULT_TITLE = 'Papaya - A Better Way to Bill Pay';

/** The link-preview card every page declares (Open Graph), its image in `static/`. */
export const PREVIEW = {
  siteName: 'Papaya',
  image: '/images/preview.png',
  imageWidth: 1200,
  imageHeight: 630,
  touchIcon: '/apple-touch-icon.png',
} as const;

/** The only query parameter a page's address keeps on its preview card: the payee, which is public. */
export const PREVIEW_URL_PARAMS = ['p'] as const;

export type MetaSection =
  | 'default'
  | 'about'
  | 'how'
  | 'partners'
  | 'brandKit'
  | 'contact'
  | 'careers'
  | 'pay'
  | 'five'
  | 'ebills'
  | 'getPaid'
  | 'error'
  | 'paymentPlanOptions';

/* Each section's title and description are in the message catalogue (`metaTitle`, `metaDescription`). */

export interface NavLink {
  href: string;
  /** Its words, in the catalogue's `nav` group. */
  label: NavLabel;
  /** Hidden on pages whose path is listed (the partner link on /postcard and /call). */
  hiddenOn?: readonly string[];
}

export type NavLabel = 'howItWorks' | 'about' | 'forBillers' | 'careers' | 'contact' | 'brandKit' | 'uspsBrandKit' | 'terms' | 'privacy';

export const NAV_LINKS: readonly NavLink[] = [
  { href: '/how-it-works', label: 'howItWorks' },
  { href: '/about', label: 'about' },
  { href: '/partners', label: 'forBillers', hiddenOn: ['/postcard', '/call'] },
  { href: '/careers', label: 'careers' },
  { href: '/contact', label: 'contact' },
];

export const FOOTER_LINKS: readonly NavLink[] = [
  ...NAV_LINKS,
  { href: '/brand-kit?company', label: 'brandKit' },
  { href: '/brand-kit?usps', label: 'uspsBrandKit' },
  { href: '/termsofservice', label: 'terms' },
  { href: '/privacy', label: 'privacy' },
];

export function visibleLinks(links: readonly NavLink[], path: string): NavLink[] {
  return links.filter((l) => !l.hiddenOn?.includes(path));
}

/** Route names of spec 001 §2 whose pages never show the footer. */
export const FOOTERLESS_PAGES = new Set([
  'Pay',
  'Pay-Widget',
  'Pay-Widget-Imaginepay-Button',
  'Pay-Widget-Restore-Tab',
  'Pay-Contactless',
  'Pay-Now',
  'Pay-Later',
  'Pay-Provider',
  'Pay-Slash',
  'Account-Link',
  'Get-Paid',
  'BillInfoRequest',
  'Web-Pay',
  'AppsFlyerLanding',
  'DownloadLanding',
  'Member-Signup',
  'Web-Pay-Multi-Option',
  'Pay-App-Clip',
  'PaymentPlanOptions',
]);

/** Route names whose pages carry the bot-check notice. */
export const BOT_NOTICE_PAGES = new Set(['Contact', 'Update-Pass', 'Partners']);

/**
 * Paths this Worker does not own, and what production serves there. A visitor reaches them from
 * our links (the navigation, the footer, the biller panel after get-paid) or our redirects (a
 * billing partner, `index.php`). In production each passes through to the legacy site at
 * `ORIGIN_URL`, with this site's security headers; in the local demo the site says what
 * production serves there (`IN_PRODUCTION`, src/demo/words.ts), and `/` is the demo index.
 */
export const FOREIGN_PAGES = [
  { path: '/', owner: 'marketing' },
  { path: '/home', owner: 'marketing' },
  { path: '/about', owner: 'marketing' },
  { path: '/partners', owner: 'marketing' },
  { path: '/contact', owner: 'marketing' },
  { path: '/careers', owner: 'marketing' },
  { path: '/how-it-works', owner: 'marketing' },
  { path: '/brand-kit', owner: 'marketing' },
  { path: '/postcard', owner: 'marketing' },
  { path: '/call', owner: 'marketing' },
  { path: '/biller', owner: 'backend' },
  { path: '/payment/biller/biller.php', owner: 'backend' },
] as const satisfies ReadonlyArray<{ path: string; owner: 'marketing' | 'backend' }>;

export type ForeignPage = (typeof FOREIGN_PAGES)[number];

export const SUPPORT_EMAIL = 'support@papayapay.com';

/** `?headerless` in any form (`?headerless`, `?headerless=1`, `?headerless=true`) hides the chrome; `=false`/`=0` does not. */
export function isHeaderless(value: string | undefined | null): boolean {
  if (value === undefined || value === null) return false;
  return !['false', '0', 'no'].includes(value.trim().toLowerCase());
}

/** The embeddable widgets: the full widget, the partner's pay button and the restore tab. */
export type WidgetVariant = 'widget' | 'button' | 'restore-tab';

/**
 * A test environment is known by its host (shell spec §6): a first label `test`, `staging` or
 * `qa`, as in test.papayapay.com, staging-pay.papayapay.com or test.localhost in the local demo.
 */
export const isTestHost = (hostname: string) => /^(test|staging|qa)([.-]|$)/i.test(hostname);

/**
 * A host on this machine or its private network: `localhost` and `*.localhost`, loopback, private
 * IPv4 ranges (a phone on the developer's Wi-Fi), and `*.test`, the reserved name the tests' stand-ins
 * use. Outside production, the demo answers only these unless PUBLIC_DEMO says otherwise.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.test')) return true;
  if (host === '[::1]' || host === '::1') return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (!v4) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}
