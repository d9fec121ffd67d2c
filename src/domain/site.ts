/** The page shell's shared constants: titles, links and where the footer is hidden (spec 001 §2). */

export const DEFAULT_TITLE = 'Papaya - A Better Way to Bill Pay';

/** The title of a payee's pages, in the tab and on a link's preview card. */
export const payeeTitle = (payeeName: string) => `Pay ${payeeName} — Papaya`;

/** The link-preview card every page declares (Open Graph), its image in `static/`. */
export const PREVIEW = {
  siteName: 'Papaya',
  image: '/images/preview.png',
  imageWidth: 1200,
  imageHeight: 630,
  imageAlt: 'Papaya: pay your bill securely by card or with the Papaya app.',
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

export const PAGE_META: Record<MetaSection, { title: string; description: string }> = {
  default: {
    title: DEFAULT_TITLE,
    description:
      'Pay medical bills, utilities and invoices in a snap. Take a picture of your bill with the Papaya app or pay by card on the web.',
  },
  about: {
    title: 'About Papaya - A Better Way to Bill Pay',
    description: 'Papaya makes paying any bill as simple as taking a picture of it.',
  },
  how: {
    title: 'How Papaya Works - A Better Way to Bill Pay',
    description: 'Snap a photo of your bill, choose how to pay, and Papaya delivers the payment for you.',
  },
  partners: {
    title: 'Papaya for Billers and Providers',
    description: 'Offer your patients and customers a faster way to pay, with no integration work.',
  },
  brandKit: {
    title: 'Papaya Brand Kit',
    description: 'Logos, badges and guidelines for telling your customers they can pay with Papaya.',
  },
  contact: {
    title: 'Contact Papaya',
    description: 'Questions about a payment or your account? Reach the Papaya support team.',
  },
  careers: {
    title: 'Careers at Papaya',
    description: 'Join the team building a better way to pay bills.',
  },
  pay: {
    title: 'Pay Your Bill with Papaya',
    description: 'Get a secure link by text message and pay your bill in minutes.',
  },
  five: {
    title: 'Pay Your Bill in Five Minutes - Papaya',
    description: 'Pay any bill from your phone in about five minutes with the Papaya app.',
  },
  ebills: {
    title: 'Link Your Email for eBills - Papaya',
    description: 'Connect your inbox so Papaya can find your electronic bills for you.',
  },
  getPaid: {
    title: 'Get Paid with Papaya',
    description: 'Claim a payment sent to you through Papaya with your access code.',
  },
  error: {
    title: 'Page Not Found - Papaya',
    description: "We can't find that page. You can still pay your bill with Papaya.",
  },
  paymentPlanOptions: {
    title: 'Payment Plan Options - Papaya',
    description: 'Options for financing a medical bill over time.',
  },
};

export interface NavLink {
  href: string;
  label: string;
  /** Hidden on pages whose path is listed (the partner link on /postcard and /call). */
  hiddenOn?: readonly string[];
}

export const NAV_LINKS: readonly NavLink[] = [
  { href: '/how-it-works', label: 'How it works' },
  { href: '/about', label: 'About' },
  { href: '/partners', label: 'For billers', hiddenOn: ['/postcard', '/call'] },
  { href: '/careers', label: 'Careers' },
  { href: '/contact', label: 'Contact' },
];

export const FOOTER_LINKS: readonly NavLink[] = [
  ...NAV_LINKS,
  { href: '/brand-kit?company', label: 'Brand kit' },
  { href: '/brand-kit?usps', label: 'USPS brand kit' },
  { href: '/termsofservice', label: 'Terms of service' },
  { href: '/privacy', label: 'Privacy policy' },
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
 * production serves there (`production`, shown to visitors as it is), and `/` is the demo index.
 */
export const FOREIGN_PAGES = [
  { path: '/', owner: 'marketing', production: "the marketing site's home page" },
  { path: '/home', owner: 'marketing', production: "the marketing site's home page, where index.php leads" },
  { path: '/about', owner: 'marketing', production: 'About Papaya' },
  { path: '/partners', owner: 'marketing', production: 'Papaya for billers, with a contact form' },
  { path: '/contact', owner: 'marketing', production: 'the contact form' },
  { path: '/careers', owner: 'marketing', production: 'open positions' },
  { path: '/how-it-works', owner: 'marketing', production: 'how paying a bill with Papaya works' },
  { path: '/brand-kit', owner: 'marketing', production: "Papaya's brand kit, for companies (?company) and for the USPS (?usps)" },
  { path: '/postcard', owner: 'marketing', production: 'the postcard campaign page' },
  { path: '/call', owner: 'marketing', production: 'the call campaign page' },
  { path: '/biller', owner: 'backend', production: "the billers' panel, where get-paid leads a biller who is done" },
  {
    path: '/payment/biller/biller.php',
    owner: 'backend',
    production: "the backend's payment page for a billing partner (?p= and its payee id), where the pay page sends one on a computer",
  },
] as const satisfies ReadonlyArray<{ path: string; owner: 'marketing' | 'backend'; production: string }>;

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
