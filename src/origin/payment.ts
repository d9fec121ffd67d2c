import { cardDigits } from '../domain/card';
import { sentFields, type PaymentFieldName } from '../domain/payment';
import { parseAmount } from '../domain/field-rules';
import type { CardForm, PayerForm } from '../domain/payment-schemas';
import type { Payee } from '../domain/payee';
import type { WirePaymentFields } from './schemas';

/** A checked payment, in the domain's terms. */
export interface PaymentSubmission {
  payee: Payee;
  payer: PayerForm;
  card: CardForm;
  /** A company paying invoices (`ib=1`) rather than a patient paying a bill. */
  company: boolean;
  humanToken: string;
  userAgent: string;
  /** Sent from the generic web payment page, which names no payee URL. */
  generic: boolean;
}

/**
 * The backend's name for each field of the card form the legacy form sent (pay-pages spec §7), by
 * the domain's name: a field renamed in the domain fails to compile here until its wire name is
 * decided. A field the domain adds goes under its own name. `test/unit/wire-names.test.ts` pins both.
 */
export const WIRE_NAMES = {
  patientName: 'patientName',
  account: 'account',
  payDOB: 'payDOB',
  payDOS: 'payDOS',
  amount: 'amount',
  email: 'email',
  phone: 'phone',
  billingZip: 'billingZip',
  ccn: 'ccn',
  exp: 'exp',
  cvv: 'cvv',
  billName: 'billName',
  addr1: 'addr1',
  city: 'city',
  state: 'state',
  zip: 'zip',
  payNote: 'payNote',
} as const satisfies Partial<Record<PaymentFieldName, string>>;

/** A field's name on the wire. */
export const wireName = (name: PaymentFieldName): string => (WIRE_NAMES as Partial<Record<PaymentFieldName, string>>)[name] ?? name;

/** How the backend takes a value, where it differs from the checked one: the amount with cents, the card number as digits. */
const WIRE_VALUES: Partial<Record<PaymentFieldName, (value: string) => string>> = {
  amount: (value) => parseAmount(value).toFixed(2),
  ccn: cardDigits,
};

/**
 * The multipart fields the backend takes for a payment (pay-pages spec §7): each field the payee's
 * form sends (`sentFields`) under its wire name, empty where an optional one was left out; a
 * company's invoice numbers, comma-joined, as the account. Card data passes through here and is stored nowhere.
 */
export function wirePaymentFields({ payee, payer, card, company, humanToken, userAgent, generic }: PaymentSubmission): WirePaymentFields {
  const checked: Partial<Record<PaymentFieldName, string>> = { ...payer, ...card };
  const fields = Object.fromEntries(
    sentFields({ rules: payee, company, now: new Date() }).map((name) => {
      const value = checked[name] ?? '';
      return [wireName(name), WIRE_VALUES[name]?.(value) ?? value];
    }),
  );
  return {
    ...fields,
    ...(company && { [wireName('account')]: (payer.invoices ?? []).join(',') }),
    googleRecaptchaToken: humanToken,
    WebPayVue: 'true',
    Submit: 'Submit',
    deviceType: userAgent.slice(0, 300),
    ...(generic ? {} : { webUrl: payee.url || payee.urls.url }),
    ...(company ? { isBtoB: 'true' } : {}),
  };
}
