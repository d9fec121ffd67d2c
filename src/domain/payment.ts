// The rules of the web payment form, as plain functions: the form checks every keystroke with them
// in the browser, and the server's schemas (`payment-schemas.ts`) are built from the same ones.
import { brandAccepted, cardBrand, cardDigits, expiryValid, luhnValid, readExpiry, type CardsAccepted } from './card';
import { REQUIRED } from './messages';
import { US_STATES } from './us-states';
import type { DeclineField } from './declines';
import {
  AMOUNT_FIELD,
  asTyped,
  atMost,
  DATE_FIELD,
  EMAIL_FIELD,
  INVOICE_FIELD,
  matching,
  MAX_INVOICES,
  optionalField,
  PHONE_FIELD,
  required,
  requiredField,
  requiredMatching,
  ZIP_FIELD,
  type FieldCheck,
  type FieldRule,
  type PaymentProblem,
} from './field-rules';
import type { PaymentFormText } from './catalogue';
import type { FormLabels } from './web-payment-labels';

export { REQUIRED };

/** The `_form` name of the web payment form. */
export const PAYMENT_FORM = 'payment';

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

/** What some fields' rules depend on: the payee's rules, whether a company pays, and the time. */
export interface FieldContext {
  rules: PayeeRules;
  company: boolean;
  now: Date;
}

/**
 * One field of the web payment form, from which everything else about it is derived: the lists
 * of each step, the checked form's type, the error summary's label, what the backend receives and
 * the demo backend keeps, what is written back after a decline. Its name is the page's and the
 * API's; the backend's is decided at the origin door (`WIRE_NAMES` in src/origin/payment.ts).
 */
export interface FieldDescription {
  /** Its rule for a payee. */
  check: (context: FieldContext) => FieldCheck;
  /** Its label: a key of the catalogue's `paymentForm`, or which of the payee's labels (`formLabels`). */
  label: keyof PaymentFormText | { of: keyof FormLabels };
  /** It may be missing for some payee (its check says when); the checked form's type says so. */
  optional?: true;
  /** Card data (the number, its expiry, its code): sent to the backend, kept nowhere. */
  cardData?: true;
  /** Typed again after a decline or a refusal, never written back into a page. */
  unrepeated?: true;
  /** Sent on to the backend only where this holds (otherwise checked, never sent); every field is sent by default. */
  sentWhen?: (context: FieldContext) => boolean;
}

const skippedDate = optionalField(matching(/^(\d{2}\/\d{2}\/\d{4}|\d{8})?$/, 'invalidDate'));

/**
 * Step 1, patient / payer / company info. Fields the payee does not enable are not sent on;
 * anything typed in them must still be well formed (a date as the enabled field takes it). A
 * company's invoices are checked by `INVOICE_FIELD`, one by one.
 */
export const PAYER_FORM = {
  patientName: { check: () => requiredField(required(100)), label: { of: 'name' } },
  account: {
    check: ({ rules, company }) => (company ? optionalField(atMost(50)) : requiredField(accountRule(rules))),
    label: { of: 'account' },
    optional: true,
  },
  payDOB: {
    check: ({ rules }) => (rules.customFields.payDOB ? DATE_FIELD : skippedDate),
    label: 'dateOfBirth',
    optional: true,
    sentWhen: ({ rules }) => rules.customFields.payDOB,
  },
  payDOS: {
    check: ({ rules }) => (rules.customFields.payDOS ? DATE_FIELD : skippedDate),
    label: 'dateOfService',
    optional: true,
    sentWhen: ({ rules }) => rules.customFields.payDOS,
  },
  amount: { check: () => AMOUNT_FIELD, label: { of: 'amount' } },
  email: { check: () => EMAIL_FIELD, label: 'email' },
  phone: { check: () => PHONE_FIELD, label: { of: 'phone' } },
  billingZip: {
    check: ({ rules }) => (rules.customFields.billingZip ? ZIP_FIELD : optionalField(matching(/^(\d{5}(-\d{4})?)?$/, 'invalidZip'))),
    label: 'billingZip',
    optional: true,
    sentWhen: ({ rules }) => rules.customFields.billingZip,
  },
} as const satisfies Record<string, FieldDescription>;

const ccnRule = requiredMatching(23, /^[\d\s-]+$/, 'cardNotAccepted');

/** Step 2, payment info. `now` decides which expiry dates have passed. */
export const CARD_FORM = {
  ccn: {
    check: ({ rules }) =>
      requiredField((value) => {
        const problem = ccnRule(value);
        if (problem) return problem;
        const digits = cardDigits(value);
        return luhnValid(digits) && brandAccepted(cardBrand(digits), rules.ccAccepted) ? undefined : 'cardNotAccepted';
      }),
    label: 'cardNumber',
    cardData: true,
    unrepeated: true,
  },
  exp: {
    check: ({ now }) =>
      requiredField(
        (value) => required(12, 'invalidExpiry')(value) ?? (expiryValid(readExpiry(value), now) ? undefined : 'invalidExpiry'),
        readExpiry,
      ),
    label: 'expiry',
    cardData: true,
  },
  cvv: { check: () => requiredField(requiredMatching(4, /^\d{3,4}$/, 'invalidCvv')), label: 'cvv', cardData: true, unrepeated: true },
  billName: { check: () => requiredField(requiredMatching(100, /^\S+(\s+\S+)+$/, 'invalidCardholder')), label: 'nameOnCard' },
  addr1: { check: () => requiredField(required(200)), label: 'billingAddress' },
  city: { check: () => requiredField(required(100)), label: 'city' },
  state: {
    check: () => requiredField((value) => ((US_STATES as readonly string[]).includes(value) ? undefined : 'invalidState'), asTyped),
    label: 'state',
  },
  zip: { check: () => ZIP_FIELD, label: 'zip' },
  payNote: { check: () => optionalField(atMost(500)), label: 'note', optional: true },
} as const satisfies Record<string, FieldDescription>;

export type PayerField = keyof typeof PAYER_FORM;
export type CardField = keyof typeof CARD_FORM;
/** The fields of each step, in the page's order. */
export const PAYER_FIELDS = Object.keys(PAYER_FORM) as readonly PayerField[];
export const CARD_FIELDS = Object.keys(CARD_FORM) as readonly CardField[];
export type PaymentFieldName = PayerField | CardField;
/** Every field of the form, by name. */
export const PAYMENT_FIELD_DESCRIPTIONS: Readonly<Record<PaymentFieldName, FieldDescription>> = { ...PAYER_FORM, ...CARD_FORM };

/** The fields a payee's form sends on to the backend, in the page's order (`sentWhen`). */
export function sentFields(context: FieldContext): PaymentFieldName[] {
  return (Object.keys(PAYMENT_FIELD_DESCRIPTIONS) as PaymentFieldName[]).filter(
    (name) => PAYMENT_FIELD_DESCRIPTIONS[name].sentWhen?.(context) ?? true,
  );
}
/** Card fields never written back into a page, whatever happens to the payment. */
export const UNREPEATED_CARD_FIELDS: readonly string[] = CARD_FIELDS.filter((name) => 'unrepeated' in CARD_FORM[name]);
/** Card data, which is sent on and kept nowhere (not in the demo backend, not in a key's fingerprint). */
export const CARD_DATA_FIELDS: readonly string[] = CARD_FIELDS.filter((name) => 'cardData' in CARD_FORM[name]);

/** A step as checked: each field a string, those that may be missing optional. */
export type CheckedStep<D> = { -readonly [K in keyof D as D[K] extends { optional: true } ? never : K]: string } & {
  -readonly [K in keyof D as D[K] extends { optional: true } ? K : never]?: string;
};

const checksOf = <F extends string>(form: Readonly<Record<F, FieldDescription>>, context: FieldContext) =>
  Object.fromEntries(Object.entries<FieldDescription>(form).map(([name, field]) => [name, field.check(context)])) as Record<F, FieldCheck>;

/** Step 1's rules for a payee, field by field. */
export function payerChecks(rules: PayeeRules, { company }: { company: boolean }): Record<PayerField, FieldCheck> {
  return checksOf(PAYER_FORM, { rules, company, now: new Date() });
}

/** Step 2's rules for a payee, field by field. `now` decides which expiry dates have passed. */
export function cardChecks(rules: PayeeRules, now: Date): Record<CardField, FieldCheck> {
  return checksOf(CARD_FORM, { rules, company: false, now });
}

/** A field's label in the words of the payee's form version (`formLabels`). */
export const labelKey = (field: FieldDescription, labels: FormLabels): keyof PaymentFormText =>
  typeof field.label === 'string' ? field.label : labels[field.label.of];

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

/**
 * What the payment call (`POST /payment/payment_back.php`) answers, read the same way by the API,
 * the card form posted without script and the island: a receipt's address (`status: 'success'`),
 * a decline at the field to correct with a fresh key (`status: 'error'`), or a refusal with each
 * field's message (`error`, `fields`), with a fresh key when the form's only ran out (`expired`).
 */
export interface PaymentAnswer {
  status?: 'success' | 'error';
  confirmationUrl?: string;
  message?: string;
  field?: DeclineField;
  formKey?: string;
  expired?: true;
  /** An address's or a payee's count runs high: send again with the interactive check. */
  interactiveCheck?: true;
  error?: string;
  fields?: Record<string, string>;
}

/**
 * The switches a card form's address carries (`ib`, `emailOpt`, `silent`, `g`), as the payment
 * call's query names them: the page sends them with the payment, with script or without.
 */
export function paymentSwitches(query: Partial<Record<string, string>>): PaymentSwitches {
  return {
    company: query.ib === '1',
    optE: query.emailOpt !== undefined,
    silent: query.silent !== undefined,
    generic: query.g !== undefined,
  };
}

export interface PaymentSwitches {
  company: boolean;
  optE: boolean;
  silent: boolean;
  generic: boolean;
}

/** The payment call's query (`PaymentQuerySchema`) for a payee's form and its switches. */
export function paymentQuery(payeeId: string, { optE, silent, generic }: Omit<PaymentSwitches, 'company'>): Record<string, string> {
  return {
    p: payeeId,
    ...(optE && { optE: 'true' }),
    ...(silent && { silent: '1' }),
    ...(generic && { generic: '1' }),
  };
}
