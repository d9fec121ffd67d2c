// The rules of the web payment form, as plain functions: the form checks every keystroke with them
// in the browser, and the server's schemas (`payment-schemas.ts`) are built from the same ones.
import { brandAccepted, cardBrand, cardDigits, expiryValid, luhnValid, readExpiry, type CardsAccepted } from './card';
import { EMAIL_PATTERN } from './email';
import { REQUIRED } from './messages';
import { formatPhone, readPhone } from './phone';
import { US_STATES } from './us-states';

export { REQUIRED };

/** The most a web payment may be (pay-pages spec §5). */
export const MAX_WEB_PAYMENT = 2000;

/** The `_form` name of the web payment form, and its fields by step. */
export const PAYMENT_FORM = 'payment';
export const PAYER_FIELDS = ['patientName', 'account', 'payDOB', 'payDOS', 'amount', 'email', 'phone', 'billingZip'] as const;
export const CARD_FIELDS = ['ccn', 'exp', 'cvv', 'billName', 'addr1', 'city', 'state', 'zip', 'payNote'] as const;
/** Card fields never written back into a page, whatever happens to the payment. */
export const UNREPEATED_CARD_FIELDS: readonly string[] = ['ccn', 'cvv'];

/**
 * What can be wrong with a field of the form: a key of the catalogue's `paymentProblems`, where
 * each is written in every language (`problemText` puts in the payee's own words).
 */
export type PaymentProblem =
  | 'required'
  | 'tooLong'
  | 'amountOverLimit'
  | 'cardNotAccepted'
  | 'accountWarning'
  | 'accountStartsWith'
  | 'invalidDate'
  | 'invalidPhone'
  | 'unreachablePhone'
  | 'invalidZip'
  | 'invalidExpiry'
  | 'invalidCvv'
  | 'invalidCardholder'
  | 'invalidState'
  | 'invalidEmail';

/** A problem as the visitor reads it, in the language of `texts`, with the payee's account hint. */
export function problemText(texts: Readonly<Record<PaymentProblem, string>>, problem: PaymentProblem, rules: PayeeRules): string {
  return texts[problem].replace('{warning}', rules.acctRegexWarn).replace('{start}', rules.acctRegexReadibleString);
}

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

const trim = (value: string) => value.trim();
const asTyped = (value: string) => value;

/** A required text: blank is `required`; longer than `max` gets the field's own problem. */
const required =
  (max: number, tooLong: PaymentProblem = 'tooLong'): FieldRule =>
  (value) => {
    const text = value.trim();
    if (!text) return 'required';
    if (text.length > max) return tooLong;
    return undefined;
  };

/** A required text that must also match `pattern`. */
const requiredMatching =
  (max: number, pattern: RegExp, message: PaymentProblem): FieldRule =>
  (value) =>
    required(max, message)(value) ?? (pattern.test(value.trim()) ? undefined : message);

/** A required field, its value trimmed. */
const requiredField = (rule: FieldRule, normalize = trim): FieldCheck => ({ rule, normalize });
/** A field that may be missing or empty; anything in it must pass `rule`. */
const optionalField = (rule: FieldRule): FieldCheck => ({ rule, normalize: asTyped, optional: true });
const matching =
  (pattern: RegExp, message: PaymentProblem): FieldRule =>
  (value) =>
    pattern.test(value) ? undefined : message;
const atMost =
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
    return rules.acctRegexWarn ? 'accountWarning' : 'accountStartsWith';
  };
}

/** Whether a payee's account numbers are digits only, so a phone offers its number pad for them. */
export function accountIsNumeric(rules: PayeeRules): boolean {
  return /^\^?(\\d|\[0-9\])(\{\d+(,\d*)?\}|[+*])?\$?$/.test(rules.acctRegex);
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
export function payerFields(rules: PayeeRules, { company }: { company: boolean }): Record<PayerField, FieldCheck> {
  const skippedDate = optionalField(matching(/^(\d{2}\/\d{2}\/\d{4}|\d{8})?$/, 'invalidDate'));
  return {
    patientName: requiredField(required(100)),
    account: company ? optionalField(atMost(50)) : requiredField(accountRule(rules)),
    payDOB: rules.customFields.payDOB ? DATE_FIELD : skippedDate,
    payDOS: rules.customFields.payDOS ? DATE_FIELD : skippedDate,
    amount: AMOUNT_FIELD,
    email: EMAIL_FIELD,
    phone: PHONE_FIELD,
    billingZip: rules.customFields.billingZip ? ZIP_FIELD : optionalField(matching(/^(\d{5}(-\d{4})?)?$/, 'invalidZip')),
  };
}

/** Step 2, payment info, field by field. `now` decides which expiry dates have passed. */
export function cardFields(rules: PayeeRules, now: Date): Record<CardField, FieldCheck> {
  const ccnRule = requiredMatching(23, /^[\d\s-]+$/, 'cardNotAccepted');
  return {
    ccn: requiredField((value) => {
      const problem = ccnRule(value);
      if (problem) return problem;
      const digits = cardDigits(value);
      return luhnValid(digits) && brandAccepted(cardBrand(digits), rules.ccAccepted) ? undefined : 'cardNotAccepted';
    }),
    exp: requiredField(
      (value) => required(12, 'invalidExpiry')(value) ?? (expiryValid(readExpiry(value), now) ? undefined : 'invalidExpiry'),
      readExpiry,
    ),
    cvv: requiredField(requiredMatching(4, /^\d{3,4}$/, 'invalidCvv')),
    billName: requiredField(requiredMatching(100, /^\S+(\s+\S+)+$/, 'invalidCardholder')),
    addr1: requiredField(required(200)),
    city: requiredField(required(100)),
    state: requiredField((value) => ((US_STATES as readonly string[]).includes(value) ? undefined : 'invalidState'), asTyped),
    zip: ZIP_FIELD,
    payNote: optionalField(atMost(500)),
  };
}

export type PayerField = (typeof PAYER_FIELDS)[number];
export type CardField = (typeof CARD_FIELDS)[number];

/** A field's message for a value (missing is `Required` unless the field is optional). */
export function fieldProblem(field: FieldCheck, value: unknown): PaymentProblem | undefined {
  if (value === undefined || value === '') return field.optional ? undefined : field.rule('');
  return typeof value === 'string' ? field.rule(value) : 'required';
}

/** Every problem of a form, by field name (`invoices.0` for a company's first invoice). */
export function formProblems(
  fields: Record<string, FieldCheck>,
  values: Record<string, unknown>,
  invoices?: readonly string[],
): Record<string, PaymentProblem> {
  const problems: Record<string, PaymentProblem> = {};
  for (const [name, field] of Object.entries(fields)) {
    const problem = fieldProblem(field, values[name]);
    if (problem) problems[name] = problem;
  }
  if (invoices) {
    if (!invoices.length) problems.invoices = 'required';
    else if (invoices.length > MAX_INVOICES) problems.invoices = 'tooLong';
    invoices.forEach((value, i) => {
      const problem = fieldProblem(INVOICE_FIELD, value);
      if (problem) problems[`invoices.${i}`] = problem;
    });
  }
  return problems;
}
