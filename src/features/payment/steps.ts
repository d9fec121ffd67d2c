import type * as z from 'zod/mini';
import type { PaymentFormSchema, PaymentQuerySchema } from '../../domain/api-schemas';
import type { PaymentAnswer } from '../../domain/payment';
import type { CardForm, PayerForm } from '../../domain/payment-schemas';
import type { Payee } from '../../domain/payee';
import type { Taken } from '../../security/guard';
import type { PaymentClaim } from '../../security/payment-claim';
import type { Answer } from '../../web/answer';

// What the payment's steps hand one another (pay-by-card.ts reads them in order).

/** The payment call's query as the API checked it (`p`, the legacy switches). */
export type PaymentRequestQuery = z.output<typeof PaymentQuerySchema>;
export type PostedPaymentForm = z.output<typeof PaymentFormSchema>;
/** A step that stops the payment with its answer. */
export type Stop = { answer: Answer<PaymentAnswer> };

/** What was sent, checked: the key this site issued for the payee, the payee, and both steps' fields. */
export interface Sent {
  key: string;
  query: PaymentRequestQuery;
  /** A company paying invoices (`ib=1`) rather than a patient paying a bill. */
  company: boolean;
  payee: Payee;
  payer: PayerForm;
  card: CardForm;
  humanToken: string | undefined;
  interactiveToken: string | undefined;
}

/** What holding the key gave: its claim, the limits' slots taken, and what the attempt counts under. */
export interface Held {
  claim: DurableObjectStub<PaymentClaim>;
  since: number;
  limited: Taken;
  device: string;
  cardTag: string;
  /** Gives the slots and the claim back; never fails the answer (what it cannot give back is logged and runs out with its window). */
  undo: () => Promise<void>;
}
