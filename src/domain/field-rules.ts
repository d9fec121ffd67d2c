// The rules a form's field can have, as plain functions the browser and the server's schemas share:
// required, matching, at most so long, and the fields several forms use (amount, date, email,
// phone, zip, invoice). The web payment form's fields are described with them in `payment.ts`.
import { EMAIL_PATTERN } from './email';
import { formatPhone, readPhone } from './phone';
import type { PaymentProblemText } from './catalogue';

/**
 * What can be wrong with a field of a form: a key of the catalogue's `paymentProblems`, where
 * each is written in every language (`problemText` in `payment.ts` puts in the payee's own words).
 */
export type PaymentProblem = keyof PaymentProblemText;

/** The most a web payment may be (pay-pages spec §5). */
export const MAX_WEB_PAYMENT = 2000;

/** Dollars as the site shows them: `$1,234.50`. */
export const formatDollars = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A typed amount as the site shows it back (`12.5` is `$12.50`), or as typed when it is no amount. */
export function shownAmount(typed: string): string {
  const amount = parseAmount(typed);
  return Number.isFinite(amount) ? formatDollars(amount) : typed;
}

/** `$1,234.50` → 1234.5; anything that is not a positive amount of money is NaN. */
export function parseAmount(value: string): number {
  const cleaned = value.replace(/[$,\s]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** A field's rule: what is wrong with what was typed, or nothing when it is right. */
export type FieldRule = (value: string) => PaymentProblem | undefined;

/**
 * A rule and what the value becomes once it passes (trimmed, slashes put in). `optional` fields
 * may be left out altogether; a required one left out is `Required`.
 */
export interface FieldCheck {
  rule: FieldRule;
  normalize: (value: string) => string;
  optional?: boolean;
}

export const trim = (value: string) => value.trim();
export const asTyped = (value: string) => value;

/** A required text: blank is `required`; longer than `max` gets the field's own problem. */
export const required =
  (max: number, tooLong: PaymentProblem = 'tooLong'): FieldRule =>
  (value) => {
    const text = value.trim();
    if (!text) return 'required';
    if (text.length > max) return tooLong;
    return undefined;
  };

/** A required text that must also match `pattern`. */
export const requiredMatching =
  (max: number, pattern: RegExp, message: PaymentProblem): FieldRule =>
  (value) =>
    required(max, message)(value) ?? (pattern.test(value.trim()) ? undefined : message);

/** A required field, its value trimmed. */
export const requiredField = (rule: FieldRule, normalize = trim): FieldCheck => ({ rule, normalize });
/** A field that may be missing or empty; anything in it must pass `rule`. */
export const optionalField = (rule: FieldRule): FieldCheck => ({ rule, normalize: asTyped, optional: true });
export const matching =
  (pattern: RegExp, message: PaymentProblem): FieldRule =>
  (value) =>
    pattern.test(value) ? undefined : message;
export const atMost =
  (max: number): FieldRule =>
  (value) =>
    value.length > max ? 'tooLong' : undefined;

/**
 * A date's digits typed without their slashes (a phone's number pad has none, and without script
 * no mask puts them in) are read as the same date: `04121980` is `04/12/1980`.
 */
const trimmedWithSlashes = (value: string) => {
  const text = value.trim();
  return /^\d{8}$/.test(text) ? `${text.slice(0, 2)}/${text.slice(2, 4)}/${text.slice(4)}` : text;
};

const amountRule: FieldRule = (value) => {
  const problem = required(20, 'amountOverLimit')(value);
  if (problem) return problem;
  const amount = parseAmount(value.trim());
  if (!(amount > 0)) return 'required';
  return amount > MAX_WEB_PAYMENT ? 'amountOverLimit' : undefined;
};
const dateRule: FieldRule = (value) =>
  required(10, 'invalidDate')(value) ?? (/^\d{2}\/\d{2}\/\d{4}$/.test(trimmedWithSlashes(value)) ? undefined : 'invalidDate');
const zipRule = requiredMatching(10, /^\d{5}(-\d{4})?$/, 'invalidZip');

export const AMOUNT_FIELD = requiredField(amountRule);
export const DATE_FIELD = requiredField(dateRule, trimmedWithSlashes);
export const EMAIL_FIELD = requiredField(requiredMatching(254, EMAIL_PATTERN, 'invalidEmail'));
/** A US phone number however it is written (`phone.ts`), sent on as `(559) 555-0199`. */
export const PHONE_FIELD = requiredField(
  (value) => {
    if (!value.trim()) return 'required';
    const read = readPhone(value);
    return 'problem' in read ? (read.problem === 'unreachable' ? 'unreachablePhone' : 'invalidPhone') : undefined;
  },
  (value) => {
    const read = readPhone(value);
    return 'digits' in read ? formatPhone(read.digits) : value.trim();
  },
);
export const ZIP_FIELD = requiredField(zipRule);

/** A company's invoice numbers: at least one, each required. */
export const INVOICE_FIELD = requiredField(required(50));
export const MAX_INVOICES = 20;
