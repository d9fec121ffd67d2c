/** Membership waitlist (shell spec §2, §9); its words are the catalogue's `memberSignup`. */
export const MEMBER_PRICES: Record<string, string> = { '1': '4.99', '2': '9.99', '3': '14.99', '4': '23.99' };
export const DEFAULT_PRICE = '4.99';
export type PaymentChoice = 'CARD_ON_FILE' | 'NEW_METHOD';

export const priceFor = (ad: string | undefined) => MEMBER_PRICES[ad ?? ''] ?? DEFAULT_PRICE;

/** The view to start on: `v` between 1 and 3, anything else 1. */
export function startView(v: string | undefined): 1 | 2 | 3 {
  const n = Number.parseInt(v ?? '', 10);
  return n === 2 || n === 3 ? n : 1;
}

/** The `_form` name of the waitlist form. */
export const MEMBERSHIP_FORM = 'membership';
export const PAYMENT_CHOICES: readonly PaymentChoice[] = ['CARD_ON_FILE', 'NEW_METHOD'];

/** The page's address for a view, keeping where the visitor came from and the ad. */
export function viewHref(view: 1 | 2 | 3, cameFrom: string, ad: string): string {
  const query = new URLSearchParams();
  if (cameFrom) query.set('camefrom', cameFrom);
  if (ad) query.set('ad', ad);
  query.set('v', String(view));
  return `/member-signup?${query}`;
}

/** Where the visitor came from (`camefrom`), reduced to a short label. */
export const cameFromOf = (raw: string | undefined) => (raw ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 100);
/** The ad the visitor came from (`ad`): one or two digits, else none. */
export const adOf = (raw: string | undefined) => (/^\d{1,2}$/.test(raw ?? '') ? raw! : '');
