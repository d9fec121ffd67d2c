import type { Context } from 'hono';
import type { PaymentAnswer } from '../../domain/payment';
import { PAYER_FIELDS, paymentSwitches } from '../../domain/payment';
import type { Payee } from '../../domain/payee';
import type { PostedForm } from '../../domain/posted-form';
import { formLabels } from '../../domain/web-payment-labels';
import { claimIds, FORM_KEY, formKeyForPage } from '../../security/form-keys';
import { formKeySecret } from '../../security/secrets';
import { humanCheckSiteKey, interactiveCheckSiteKey } from '../../settings/config';
import type { Answer } from '../../web/answer';
import type { AppEnv } from '../../web/app-env';
import { issueDeviceWithPage } from '../../web/device';
import { pageAgain, type PageAgain } from '../../web/form-post';
import { runLater } from '../../web/middleware';
import { slot } from '../../web/page-reuse';
import { languageInAddress, wordsOf } from '../../web/words';

// The card form of a payee's page (`/web-payment?p=…`): what the page draws it with, and what it is
// drawn again with after a payment posted without script that sent no receipt.

/**
 * The card form a payee's page draws, with the address's switches; its form key is a slot, filled per
 * response with the key returned beside it. The visitor's device cookie goes with it.
 */
export async function cardForm(c: Context<AppEnv>, payee: Payee, query: Partial<Record<string, string>>) {
  const config = c.get('config');
  // A form drawn again keeps its key (or the one its payment's answer gave); only a new view takes one.
  const postedKey = c.get('posted')?.data?.formKey;
  const key =
    postedKey && FORM_KEY.test(postedKey)
      ? postedKey
      : formKeyForPage(formKeySecret(config), payee.payeeId, claimIds(c.env.CLAIMS), (work) => runLater(c, work));
  // The device cookie goes with the card form: the guard tells apart the payers who share an address by it.
  await issueDeviceWithPage(c);
  const { company, optE, silent, generic } = paymentSwitches(query);
  // The language the page's address names: the payment call names it too, for the receipt it leads to.
  const language = languageInAddress(c);
  const { acctRegex, acctRegexWarn, acctRegexReadibleString, customFields, ccAccepted } = payee;
  const form = {
    payeeId: payee.payeeId,
    rules: { acctRegex, acctRegexWarn, acctRegexReadibleString, customFields, ccAccepted },
    company,
    labels: formLabels({ company, notMedical: payee.notMedical, useStatement: payee.useStatement }),
    flags: { optE, silent, generic, ...(language && { language }) },
    formKey: slot('formKey'),
    humanCheckSiteKey: humanCheckSiteKey(config),
    interactiveCheckSiteKey: interactiveCheckSiteKey(config),
  };
  return { form, formKey: await key };
}

/** The card form's state as posted, drawn again at a step with its messages. */
export type PostedAt = (step: 'payer' | 'card', rest?: Partial<PostedForm>) => PostedForm;

/**
 * The page drawn again after a payment posted without script that sent no receipt. It keeps the key
 * it posted (`sentKey`), unless the answer gives a new one (a decline, a key that ran out) or refused
 * that key: a key whose charge may have gone through is answered by its claim again, never replaced
 * by a fresh key that would charge twice.
 */
export function cardStepAgain(c: Context<AppEnv>, answer: Answer<PaymentAnswer>, sentKey: string, posted: PostedAt): PageAgain {
  const result = answer.body;
  const keep = result.formKey ?? (result.fields?.formKey ? undefined : sentKey);
  const data: Record<string, string> = keep ? { formKey: keep } : {};
  const words = wordsOf(c);
  if (answer.status === 200 && result.status === 'error') {
    // A decline: the processor's message at the field to correct, a new key. The card number is
    // never written back, so at the security code the message also asks for the number again.
    const message = result.message ?? words.api.declined;
    const errors: Record<string, string> =
      result.field === 'cvv' ? { cvv: `${message} ${words.paymentForm.typeCardAgain}` } : { ccn: message };
    return pageAgain(posted('card', { errors, error: message, data }), 402);
  }
  // The form was open past its key's life: drawn again with a fresh key and every value kept but the card's.
  if (result.expired && result.formKey) return pageAgain(posted('card', { error: words.paymentForm.renewed, data }), 400);
  const payerError = Object.keys(result.fields ?? {}).some(
    (name) => (PAYER_FIELDS as readonly string[]).includes(name) || name === 'invoice',
  );
  return pageAgain(posted(payerError ? 'payer' : 'card', { data }), answer);
}
