import { cardDigits } from '../domain/card';
import { CARD_FIELDS, type CardField } from '../domain/payment';
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
 * The multipart fields the backend takes for a payment (pay-pages spec §7). Extra fields go only
 * where the payee asks for them; card data passes through here and is stored nowhere.
 */
export function wirePaymentFields({ payee, payer, card, company, humanToken, userAgent, generic }: PaymentSubmission): WirePaymentFields {
  return {
    patientName: payer.patientName,
    account: company ? (payer.invoices ?? []).join(',') : (payer.account ?? ''),
    ...(payee.customFields.payDOB && payer.payDOB ? { payDOB: payer.payDOB } : {}),
    ...(payee.customFields.payDOS && payer.payDOS ? { payDOS: payer.payDOS } : {}),
    amount: parseAmount(payer.amount).toFixed(2),
    email: payer.email,
    phone: payer.phone,
    ...(payee.customFields.billingZip && payer.billingZip ? { billingZip: payer.billingZip } : {}),
    // The card step's fields under their own names (an optional one left out is sent empty), the number as digits.
    ...(Object.fromEntries(CARD_FIELDS.map((name) => [name, card[name] ?? ''])) as Record<CardField, string>),
    ccn: cardDigits(card.ccn),
    googleRecaptchaToken: humanToken,
    WebPayVue: 'true',
    Submit: 'Submit',
    deviceType: userAgent.slice(0, 300),
    ...(generic ? {} : { webUrl: payee.url || payee.urls.url }),
    ...(company ? { isBtoB: 'true' } : {}),
  };
}
