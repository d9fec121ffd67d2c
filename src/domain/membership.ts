/** Membership waitlist (shell spec §2, §9). */
export const MEMBER_PRICES: Record<string, string> = { '1': '4.99', '2': '9.99', '3': '14.99', '4': '23.99' };
export const DEFAULT_PRICE = '4.99';
export const SERVER_ERROR = 'Server error. Please try again later.';
export type PaymentChoice = 'CARD_ON_FILE' | 'NEW_METHOD';

export const priceFor = (ad: string | undefined) => MEMBER_PRICES[ad ?? ''] ?? DEFAULT_PRICE;

/** The view to start on: `v` between 1 and 3, anything else 1. */
export function startView(v: string | undefined): 1 | 2 | 3 {
  const n = Number.parseInt(v ?? '', 10);
  return n === 2 || n === 3 ? n : 1;
}
