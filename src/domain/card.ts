/** Card rules of the payment form (pay-pages spec §5): mask, Luhn, brand, expiry. */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export const cardDigits = (value: string) => value.replace(/\D/g, '');

export function luhnValid(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Brand by the first digit, as the spec reads it: 3 American Express, 6 Discover. */
export function cardBrand(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5|2)/.test(digits)) return 'mastercard';
  if (digits.startsWith('3')) return 'amex';
  if (digits.startsWith('6')) return 'discover';
  return 'unknown';
}

/** How a receipt names each brand. */
export const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

export interface CardsAccepted {
  pall: boolean;
  pvisa: boolean;
  pmc: boolean;
  pdiscover: boolean;
  pamex: boolean;
}

/** The networks a payee takes, in the order a card form names them. */
export function acceptedBrands(accepted: CardsAccepted): Exclude<CardBrand, 'unknown'>[] {
  return (['visa', 'mastercard', 'amex', 'discover'] as const).filter((brand) => brandAccepted(brand, accepted));
}

export function brandAccepted(brand: CardBrand, accepted: CardsAccepted): boolean {
  if (accepted.pall) return brand !== 'unknown';
  return { visa: accepted.pvisa, mastercard: accepted.pmc, amex: accepted.pamex, discover: accepted.pdiscover, unknown: false }[brand];
}

/**
 * An expiry however a person, a password manager or a card scanner writes it (`12/2030`,
 * `12/30`, `12 / 30`, `1230`, `1/30`, `122030`), as `MM/YY` or `MM/YYYY`; anything else comes
 * back trimmed, for `expiryValid` to refuse. A lone first digit from 2 to 9 is a month.
 */
export function readExpiry(value: string): string {
  const text = value.trim();
  const parts = /^(\d{1,2})\s*[/.\-\s]\s*(\d{2}|\d{4})$/.exec(text);
  if (parts) return `${parts[1]!.padStart(2, '0')}/${parts[2]}`;
  if (/^(\d{4}|\d{6})$/.test(text)) return `${text.slice(0, 2)}/${text.slice(2)}`;
  if (/^[2-9](\d{2}|\d{4})$/.test(text)) return `0${text[0]}/${text.slice(1)}`;
  return text;
}

/** One spelling per month for an expiry read by `readExpiry` (`12/30` and `12/2030` are both `2030-12`). */
export function expiryMonth(value: string): string {
  const [month = '', year = ''] = value.split('/');
  return `${year.length === 2 ? `20${year}` : year}-${month}`;
}

/** A card is good through the last day of its expiry month: this month passes, last month fails. */
export function expiryValid(value: string, now: Date): boolean {
  const m = /^(\d{2})\/(\d{2}|\d{4})$/.exec(value.trim());
  if (!m) return false;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return false;
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  const expires = year * 12 + (month - 1);
  return expires >= thisMonth && expires <= thisMonth + 12 * 20;
}
