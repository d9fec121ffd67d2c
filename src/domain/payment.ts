// zod's smaller functional build: these rules run in the browser on every keystroke, and on the server.
import * as z from 'zod/mini';
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

/** A required text: missing or blank is 'Required'; longer than `max` gets the field's own message. */
const required = (max: number, tooLong = 'This is too long.') =>
  z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : undefined) })
    .check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(max, tooLong));

/** A required text that must also match `pattern`. */
const requiredMatching = (max: number, pattern: RegExp, message: string) => required(max, message).check(z.regex(pattern, message));

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

export const amountField = required(20, AMOUNT_OVER_LIMIT).check(
  z.superRefine((value, ctx) => {
    const amount = parseAmount(value);
    if (!(amount > 0)) ctx.addIssue({ code: 'custom', message: REQUIRED, input: value });
    else if (amount > MAX_WEB_PAYMENT) ctx.addIssue({ code: 'custom', message: AMOUNT_OVER_LIMIT, input: value });
  }),
);

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

export const dateField = z.pipe(
  z.pipe(required(10, INVALID_DATE), z.transform(withSlashes)),
  z.string().check(z.regex(/^\d{2}\/\d{2}\/\d{4}$/, INVALID_DATE)),
);
export const emailField = requiredMatching(254, EMAIL_PATTERN, INVALID_EMAIL);
export const phoneField = requiredMatching(30, /^\+?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4,6}$/, INVALID_PHONE_NUMBER);
export const zipField = requiredMatching(10, /^\d{5}(-\d{4})?$/, INVALID_ZIP);

function accountField(rules: PayeeRules) {
  let pattern: RegExp | null = null;
  try {
    pattern = rules.acctRegex ? new RegExp(rules.acctRegex) : null;
  } catch {
    pattern = null;
  }
  return required(50).check(
    z.superRefine((value, ctx) => {
      if (pattern && !pattern.test(value)) {
        ctx.addIssue({
          code: 'custom',
          input: value,
          message: rules.acctRegexWarn ? accountWarning(rules.acctRegexWarn) : accountStartsWith(rules.acctRegexReadibleString),
        });
      }
    }),
  );
}

/** Step 1, patient / payer / company info. Fields the payee does not enable are skipped. */
export function payerSchema(rules: PayeeRules, { company }: { company: boolean }) {
  // A field the payee does not ask for is not sent on; anything in it must still be well formed.
  // Bare digits count as a date here too (the check that runs before the payee is known uses this).
  const skip = z.optional(z.string().check(z.regex(/^(\d{2}\/\d{2}\/\d{4}|\d{8})?$/, INVALID_DATE)));
  return z.object({
    patientName: required(100),
    account: company ? z.optional(z.string().check(z.maxLength(50))) : accountField(rules),
    invoices: company
      ? z.array(required(50)).check(z.minLength(1, REQUIRED), z.maxLength(20))
      : z.optional(z.array(z.string()).check(z.maxLength(0))),
    payDOB: rules.customFields.payDOB ? dateField : skip,
    payDOS: rules.customFields.payDOS ? dateField : skip,
    amount: amountField,
    email: emailField,
    phone: phoneField,
    billingZip: rules.customFields.billingZip ? zipField : z.optional(z.string().check(z.regex(/^(\d{5}(-\d{4})?)?$/, INVALID_ZIP))),
  });
}
export type PayerForm = z.output<ReturnType<typeof payerSchema>>;

/** Step 2, payment info. `now` decides which expiry dates have passed. */
export function cardSchema(rules: PayeeRules, now: Date) {
  return z.object({
    ccn: requiredMatching(23, /^[\d\s-]+$/, CARD_NOT_ACCEPTED).check(
      z.superRefine((value, ctx) => {
        const digits = cardDigits(value);
        if (!luhnValid(digits) || !brandAccepted(cardBrand(digits), rules.ccAccepted))
          ctx.addIssue({ code: 'custom', message: CARD_NOT_ACCEPTED, input: value });
      }),
    ),
    exp: z.pipe(
      z.pipe(required(7, INVALID_EXPIRY), z.transform(withSlashes)),
      z.string().check(z.refine((v) => expiryValid(v, now), INVALID_EXPIRY)),
    ),
    cvv: requiredMatching(4, /^\d{3,4}$/, INVALID_CVV),
    billName: requiredMatching(100, /^\S+(\s+\S+)+$/, INVALID_CARDHOLDER),
    zip: zipField,
    addr1: required(200),
    city: required(100),
    state: z.enum(US_STATES, { error: INVALID_STATE }),
    payNote: z.optional(z.string().check(z.maxLength(500))),
  });
}
export type CardForm = z.output<ReturnType<typeof cardSchema>>;
