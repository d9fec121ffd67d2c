import { paymentQuery, type PaymentAnswer } from '../../src/domain/payment';
import { LANGUAGE_PARAM, type Language } from '../../src/domain/catalogue/languages';
import { isCardField, isPayerField, type Invoice } from './payment-fields';
import { answerOf, post } from './submit';
import { INTERACTIVE_TOKEN_FIELD } from '../../src/domain/human-check';

/** Query flags of the payment call. */
export interface PaymentFlags {
  optE: boolean;
  silent: boolean;
  generic: boolean;
  language?: Language;
}

/** The card form's fields as the payment API takes them (`POST /payment/payment_back.php`), sent under a form key. */
export function paymentSender({
  payeeId,
  flags,
  values,
  company,
  invoices,
  humanToken,
  interactiveToken,
}: {
  payeeId: string;
  flags: PaymentFlags;
  values: Record<string, string>;
  company: boolean;
  invoices: Invoice[];
  humanToken?: string;
  /** The interactive check's token, when an answer asked for it. */
  interactiveToken?: string;
}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) if (value && (isPayerField(name) || isCardField(name))) body.append(name, value);
  if (company) {
    body.delete('account');
    for (const i of invoices) body.append('invoice', i.value);
    body.append('isBtoB', 'true');
  }
  if (humanToken) body.append('humanToken', humanToken);
  if (interactiveToken) body.append(INTERACTIVE_TOKEN_FIELD, interactiveToken);
  const query = new URLSearchParams({
    ...paymentQuery(payeeId, flags),
    // Named in the page's address (a cookie may be refused): the receipt is drawn in it too.
    ...(flags.language ? { [LANGUAGE_PARAM]: flags.language } : {}),
  });
  return async (formKey: string) => {
    body.set('formKey', formKey);
    const res = await post(`/payment/payment_back.php?${query}`, body);
    return { res, answer: await answerOf<PaymentAnswer>(res) };
  };
}
