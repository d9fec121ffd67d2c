// The rules of the web payment form, as plain functions: the form checks every keystroke with them
// in the browser, and the server's schemas (`payment-schemas.ts`) are built from the same ones.
import { brandAccepted, cardBrand, cardDigits, expiryValid, luhnValid, type CardsAccepted } from './card';
import { EMAIL_PATTERN } from './email';
import { INVALID_EMAIL, REQUIRED } from './messages';
import { US_STATES } from './us-states';

export { INVALID_EMAIL, REQUIRED };

/** Messages of the pay-pages spec §5 and §8, exactly as written there. */
export const MAX_WEB_PAYMENT = 2000;
export const AMOUNT_OVER_LIMIT =
  'Unfortunately we are unable to accept payments over $2,000 via Papaya Web Payment. Please download the Papaya app to proceed with paying this bill.';
export const CARD_NOT_ACCEPTED = 'Invalid / Not Accepted';
export const accountWarning = (warning: string) => `Please enter a valid account number: >${warning}`;
export const accountStartsWith = (readable: string) => `Please enter a valid account number that starts with: ${readable}`;
export const paymentFailed = (message: string) => `There was a problem saving your payment: ${message}`;

/** The `_form` name of the web payment form, and its fields by step. */
export const PAYMENT_FORM = 'payment';
export const PAYER_FIELDS = ['patientName', 'account', 'payDOB', 'payDOS', 'amount', 'email', 'phone', 'billingZip'] as const;
export const CARD_FIELDS = ['ccn', 'exp', 'cvv', 'billName', 'addr1', 'city', 'state', 'zip', 'payNote'] as const;
/** Card fields never written back into a page, whatever happens to the payment. */
export const UNREPEATED_CARD_FIELDS: readonly string[] = ['ccn', 'cvv'];

export const INVALID_DATE = 'Please enter the date as MM/DD/YYYY.';
export const INVALID_PHONE_NUMBER = 'Please enter a valid phone number.';
export const INVALID_ZIP = 'Please enter a 5-digit ZIP code.';
export const INVALID_EXPIRY = 'Please enter a valid expiration date (MM/YY).';
export const INVALID_CVV = 'Please enter the 3 or 4 digit security code.';
export const INVALID_CARDHOLDER = "Please enter the cardholder's first and last name.";
export const INVALID_STATE = 'Please choose a state.';

/** What the forms need to know about the payee. */
export interface PayeeRules {
  acctRegex: string;
  acctRegexWarn: string;
  acctRegexReadibleString: string;
  customFields: { payDOB: boolean; payDOS: boolean; billingZip: boolean };
  ccAccepted: CardsAccepted;
}

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

/** Said of a text longer than its field takes, where the field has no message of its own. */
export const TOO_LONG = 'This is too long.';

/** A field's rule: the message for what was typed, or nothing when it is right. */
export type FieldRule = (value: string) => string | undefined;

/**
 * A rule and what the value becomes once it passes (trimmed, slashes put in). `optional` fields
 * may be left out altogether; a required one left out is `Required`.
 */
export interface PaymentField {
  rule: FieldRule;
  normalize: (value: string) => string;
  optional?: boolean;
}

const trim = (value: string) => value.trim();
const asTyped = (value: string) => value;

/** A required text: blank is 'Required'; longer than `max` gets the field's own message. */
const required =
  (max: number, tooLong = TOO_LONG): FieldRule =>
  (value) => {
    const text = value.trim();
    if (!text) return REQUIRED;
    if (text.length > max) return tooLong;
    return undefined;
  };

/** A required text that must also match `pattern`. */
const requiredMatching =
  (max: number, pattern: RegExp, message: string): FieldRule =>
  (value) =>
    required(max, message)(value) ?? (pattern.test(value.trim()) ? undefined : message);

/** A required field, its value trimmed. */
const requiredField = (rule: FieldRule, normalize = trim): PaymentField => ({ rule, normalize });
/** A field that may be missing or empty; anything in it must pass `rule`. */
const optionalField = (rule: FieldRule): PaymentField => ({ rule, normalize: asTyped, optional: true });
const matching =
  (pattern: RegExp, message: string): FieldRule =>
  (value) =>
    pattern.test(value) ? undefined : message;
const atMost =
  (max: number): FieldRule =>
  (value) =>
    value.length > max ? TOO_LONG : undefined;

/**
 * Digits typed without their slashes (a phone's number pad has none, and without script no mask
 * puts them in) are read as the same date or expiry: `04121980` is `04/12/1980`, `1230` is `12/30`.
 */
const withSlashes = (value: string) =>
  /^\d{8}$/.test(value)
    ? `${value.slice(0, 2)}/${value.slice(2, 4)}/${value.slice(4)}`
    : /^\d{4}$/.test(value)
      ? `${value.slice(0, 2)}/${value.slice(2)}`
      : value;
const trimmedWithSlashes = (value: string) => withSlashes(value.trim());

const amountRule: FieldRule = (value) => {
  const problem = required(20, AMOUNT_OVER_LIMIT)(value);
  if (problem) return problem;
  const amount = parseAmount(value.trim());
  if (!(amount > 0)) return REQUIRED;
  return amount > MAX_WEB_PAYMENT ? AMOUNT_OVER_LIMIT : undefined;
};
const dateRule: FieldRule = (value) =>
  required(10, INVALID_DATE)(value) ?? (/^\d{2}\/\d{2}\/\d{4}$/.test(trimmedWithSlashes(value)) ? undefined : INVALID_DATE);
const zipRule = requiredMatching(10, /^\d{5}(-\d{4})?$/, INVALID_ZIP);

export const AMOUNT_FIELD = requiredField(amountRule);
export const DATE_FIELD = requiredField(dateRule, trimmedWithSlashes);
export const EMAIL_FIELD = requiredField(requiredMatching(254, EMAIL_PATTERN, INVALID_EMAIL));
export const PHONE_FIELD = requiredField(requiredMatching(30, /^\+?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4,6}$/, INVALID_PHONE_NUMBER));
export const ZIP_FIELD = requiredField(zipRule);

function accountRule(rules: PayeeRules): FieldRule {
  let pattern: RegExp | null = null;
  try {
    pattern = rules.acctRegex ? new RegExp(rules.acctRegex) : null;
  } catch {
    pattern = null;
  }
  return (value) => {
    const problem = required(50)(value);
    if (problem || !pattern || pattern.test(value.trim())) return problem;
    return rules.acctRegexWarn ? accountWarning(rules.acctRegexWarn) : accountStartsWith(rules.acctRegexReadibleString);
  };
}

/** A company's invoice numbers: at least one, each required. */
export const INVOICE_FIELD = requiredField(required(50));
export const MAX_INVOICES = 20;

/**
 * Step 1, patient / payer / company info, field by field. Fields the payee does not enable are
 * not sent on; anything typed in them must still be well formed (bare digits count as a date here
 * too: the check that runs before the payee is known uses this). A company's invoices are checked
 * by `INVOICE_FIELD`, one by one.
 */
export function payerFields(rules: PayeeRules, { company }: { company: boolean }): Record<PayerField, PaymentField> {
  const skippedDate = optionalField(matching(/^(\d{2}\/\d{2}\/\d{4}|\d{8})?$/, INVALID_DATE));
  return {
    patientName: requiredField(required(100)),
    account: company ? optionalField(atMost(50)) : requiredField(accountRule(rules)),
    payDOB: rules.customFields.payDOB ? DATE_FIELD : skippedDate,
    payDOS: rules.customFields.payDOS ? DATE_FIELD : skippedDate,
    amount: AMOUNT_FIELD,
    email: EMAIL_FIELD,
    phone: PHONE_FIELD,
    billingZip: rules.customFields.billingZip ? ZIP_FIELD : optionalField(matching(/^(\d{5}(-\d{4})?)?$/, INVALID_ZIP)),
  };
}

/** Step 2, payment info, field by field. `now` decides which expiry dates have passed. */
export function cardFields(rules: PayeeRules, now: Date): Record<CardField, PaymentField> {
  const ccnRule = requiredMatching(23, /^[\d\s-]+$/, CARD_NOT_ACCEPTED);
  return {
    ccn: requiredField((value) => {
      const problem = ccnRule(value);
      if (problem) return problem;
      const digits = cardDigits(value);
      return luhnValid(digits) && brandAccepted(cardBrand(digits), rules.ccAccepted) ? undefined : CARD_NOT_ACCEPTED;
    }),
    exp: requiredField(
      (value) => required(7, INVALID_EXPIRY)(value) ?? (expiryValid(trimmedWithSlashes(value), now) ? undefined : INVALID_EXPIRY),
      trimmedWithSlashes,
    ),
    cvv: requiredField(requiredMatching(4, /^\d{3,4}$/, INVALID_CVV)),
    billName: requiredField(requiredMatching(100, /^\S+(\s+\S+)+$/, INVALID_CARDHOLDER)),
    addr1: requiredField(required(200)),
    city: requiredField(required(100)),
    state: requiredField((value) => ((US_STATES as readonly string[]).includes(value) ? undefined : INVALID_STATE), asTyped),
    zip: ZIP_FIELD,
    payNote: optionalField(atMost(500)),
  };
}

export type PayerField = (typeof PAYER_FIELDS)[number];
export type CardField = (typeof CARD_FIELDS)[number];

/** A field's message for a value (missing is `Required` unless the field is optional). */
export function fieldProblem(field: PaymentField, value: unknown): string | undefined {
  if (value === undefined || value === '') return field.optional ? undefined : field.rule('');
  return typeof value === 'string' ? field.rule(value) : REQUIRED;
}

/** Every problem of a form, by field name (`invoices.0` for a company's first invoice). */
export function formProblems(
  fields: Record<string, PaymentField>,
  values: Record<string, unknown>,
  invoices?: readonly string[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    const problem = fieldProblem(field, values[name]);
    if (problem) problems[name] = problem;
  }
  if (invoices) {
    if (!invoices.length) problems.invoices = REQUIRED;
    else if (invoices.length > MAX_INVOICES) problems.invoices = TOO_LONG;
    invoices.forEach((value, i) => {
      const problem = fieldProblem(INVOICE_FIELD, value);
      if (problem) problems[`invoices.${i}`] = problem;
    });
  }
  return problems;
}
