import type { Context } from 'hono';
import { humanToken, one, pageAgain, seeOther, typed, type Fields, type FormHandler, pageWithForm } from '../web/form-post';
import type { PostedForm } from '../domain/posted-form';
import { fieldErrors } from '../domain/errors';
import {
  CARD_FIELDS,
  PAYER_FIELDS,
  PAYMENT_FORM,
  paymentQuery,
  paymentSwitches,
  UNREPEATED_CARD_FIELDS,
  type PaymentAnswer,
} from '../domain/payment';
import { PaymentFormSchema, PaymentQuerySchema } from '../domain/api-schemas';
import { withChecked } from '../web/validate';
import { payByCard } from '../features/payment/pay-by-card';
import { payerInput, payerSchema } from '../domain/payment-schemas';
import { wordsOf, languageInAddress } from '../web/words';
import { Hono } from '../lib/hono';
import type { ComponentProps } from 'react';
import { claimIds, FORM_KEY, formKeyForPage } from '../security/form-keys';
import { issueDeviceWithPage } from '../web/device';
import { INTERACTIVE_TOKEN_FIELD } from '../domain/human-check';
import { formKeySecret } from '../security/secrets';
import { listedProviders, PAYEE_ID, SEARCH_TERM_MAX, SEARCH_TERM_MIN, type Payee } from '../domain/payee';
import { humanCheckSiteKey, interactiveCheckSiteKey } from '../settings/config';
import { formLabels } from '../domain/web-payment-labels';
import { webPaymentOffered } from '../domain/web-payment';
import { PayPage } from '../pages/pay';
import { payPageLinks } from './pay';
import { PayUnavailablePage } from '../pages/pay-unavailable';
import { ProviderLookupPage, WebPaymentPage } from '../pages/web-payment';
import type { AppEnv } from '../web/app-env';
import { slot } from '../web/page-reuse';
import { runLater } from '../web/middleware';
import { renderPage } from '../web/render';
import type { Language } from '../domain/catalogue';

/** `/web-payment`: the provider lookup, or the payment form of one payee, rendered complete. */
export const webPaymentRoutes = new Hono<AppEnv>();

pageWithForm(
  webPaymentRoutes,
  '/web-payment',
  async (c) => {
    // Every parameter at once (the first of each name), rather than reading the address once per name.
    const query: Partial<Record<string, string>> = c.req.query();
    const p = query.p;
    const ref404 = query.ref === '404';
    if (!p) {
      const term = (query.t ?? '').slice(0, SEARCH_TERM_MAX);
      if (term.trim().length < SEARCH_TERM_MIN) return renderPage(c, <ProviderLookupPage term={term} ref404={ref404} />, { reuse: true });
      // A search sent without script (or a link with a term): the results are drawn with the page.
      const found = await c.get('origin').searchPayees(term.trim());
      const results = found.ok ? listedProviders(found.value, c.get('config').genericPayNames) : [];
      return renderPage(c, <ProviderLookupPage term={term} ref404={ref404} results={results} />);
    }
    if (!PAYEE_ID.test(p)) return c.redirect('/web-payment', 302);

    const config = c.get('config');
    const payee = await c.get('origin').cachedPayeeById(p);
    if (!payee.ok) return renderPage(c, <PayUnavailablePage />, { status: 503, headers: { 'Retry-After': '30' }, reuse: true });
    if (!payee.value) return c.redirect('/web-payment', 302);

    if (!webPaymentOffered(payee.value, config)) {
      return renderPage(c, <PayPage page="Web-Pay" payee={payee.value} webPayment={false} {...payPageLinks(c)} />, {
        reuse: true,
      });
    }

    // A form drawn again keeps its key (or the one its payment's answer gave); only a new view takes one.
    const postedKey = c.get('posted')?.data?.formKey;
    const key =
      postedKey && FORM_KEY.test(postedKey)
        ? postedKey
        : formKeyForPage(formKeySecret(config), payee.value.payeeId, claimIds(c.env.CLAIMS), (work) => runLater(c, work));
    // The device cookie goes with the card form: the guard tells apart the payers who share an address by it.
    await issueDeviceWithPage(c);
    const form = cardFormProps(payee.value, {
      ...paymentSwitches(query),
      humanCheckSiteKey: humanCheckSiteKey(config),
      interactiveCheckSiteKey: interactiveCheckSiteKey(config),
      language: languageInAddress(c),
    });
    return renderPage(
      c,
      <WebPaymentPage
        payee={payee.value}
        debtCollector={config.debtCollectorPayeeIds.includes(payee.value.payeeId)}
        appStoreUrl={config.appStoreUrl}
        playStoreUrl={config.playStoreUrl}
        form={form}
      />,
      { reuse: { formKey: await key } },
    );
  },
  { [PAYMENT_FORM]: paymentFormPost },
);

type PaymentForm = ComponentProps<typeof WebPaymentPage>['form'];
interface FormSwitches {
  company: boolean;
  optE: boolean;
  silent: boolean;
  generic: boolean;
  humanCheckSiteKey: string | undefined;
  interactiveCheckSiteKey: string | undefined;
  /** The language the page's address names: the payment call names it too, for the receipt it leads to. */
  language: Language | undefined;
}

/** The card form's props for a payee and the address's switches; the form key is a slot, filled per response. */
function cardFormProps(payee: Payee, switches: FormSwitches): PaymentForm {
  const { company, optE, silent, generic, humanCheckSiteKey, interactiveCheckSiteKey, language } = switches;
  const { acctRegex, acctRegexWarn, acctRegexReadibleString, customFields, ccAccepted } = payee;
  return {
    payeeId: payee.payeeId,
    rules: { acctRegex, acctRegexWarn, acctRegexReadibleString, customFields, ccAccepted },
    company,
    labels: formLabels({ company, notMedical: payee.notMedical, useStatement: payee.useStatement }),
    flags: { optE, silent, generic, ...(language && { language }) },
    formKey: slot('formKey'),
    humanCheckSiteKey,
    interactiveCheckSiteKey,
  };
}

/** The card form's state as posted, drawn again at a step with its messages. */
type PostedAt = (step: 'payer' | 'card', rest?: Partial<PostedForm>) => PostedForm;

/**
 * The web payment form (`/web-payment?p=…`): the first step is checked against the payee's rules
 * and the page drawn again at the card step; the second is the payment itself (`payByCard`, the
 * payment's feature, which the island's API call runs too).
 */
export async function paymentFormPost(c: Context<AppEnv>, fields: Fields): ReturnType<FormHandler> {
  const invoices = fields.get('invoice') ?? [];
  // What the visitor typed is written back, but the card number and security code.
  const values = {
    ...typed(fields, PAYER_FIELDS),
    ...typed(
      fields,
      CARD_FIELDS.filter((name) => !UNREPEATED_CARD_FIELDS.includes(name)),
    ),
    ...Object.fromEntries(invoices.map((v, i) => [`invoices.${i}`, v])),
  };
  const posted: PostedAt = (step, rest = {}) => ({ form: PAYMENT_FORM, values, errors: {}, ...rest, data: { step, ...rest.data } });
  const steps = fields.get('step') ?? [];
  // Between the steps the page keeps the key it was drawn with: a fresh one could charge again a
  // payment whose answer was lost; only a payment's answer renews it.
  const sentKey = one(fields, 'formKey');
  const keyKept = sentKey && FORM_KEY.test(sentKey) ? { data: { formKey: sentKey } } : {};
  if (steps.includes('edit')) return pageAgain(posted('payer', keyKept), 200);
  if (steps[0] === 'payer') return payerStepPost(c, fields, (step, rest = {}) => posted(step, { ...keyKept, ...rest }));
  return cardStepPost(c, fields, posted);
}

/** The first step without script: checked against the payee's rules, then the page drawn at the card step. */
async function payerStepPost(c: Context<AppEnv>, fields: Fields, posted: PostedAt): ReturnType<FormHandler> {
  const { company } = paymentSwitches(c.req.query());
  const payee = await c.get('origin').cachedPayeeById(c.req.query('p') ?? '');
  // The page itself says when the payee cannot be shown or paid.
  if (!payee.ok || !payee.value) return pageAgain(posted('payer'), payee.ok ? 404 : 503);
  const check = payerSchema(payee.value, { company }, wordsOf(c).paymentProblems).safeParse(
    payerInput(company, { ...typed(fields, PAYER_FIELDS), account: one(fields, 'account') ?? '', invoice: fields.get('invoice') ?? [] }),
  );
  if (!check.success) return pageAgain(posted('payer', { errors: fieldErrors(check.error) }), 400);
  return pageAgain(posted('card'), 200);
}

/**
 * The card step without script: the payment the island sends, checked by the same schemas, as the
 * page's address and fields name it. Approved, the receipt (303); otherwise the page again.
 */
async function cardStepPost(c: Context<AppEnv>, fields: Fields, posted: PostedAt): ReturnType<FormHandler> {
  const { company, ...switches } = paymentSwitches(c.req.query());
  const form = {
    ...Object.fromEntries(
      [...PAYER_FIELDS, ...CARD_FIELDS].flatMap((name) =>
        one(fields, name) && !(company && name === 'account') ? [[name, one(fields, name)]] : [],
      ),
    ),
    ...(company && { invoice: fields.get('invoice') ?? [], isBtoB: 'true' }),
    formKey: one(fields, 'formKey') ?? '',
    humanToken: humanToken(fields),
    interactiveToken: one(fields, INTERACTIVE_TOKEN_FIELD),
  };
  const answer = await withChecked(c, PaymentQuerySchema, paymentQuery(c.req.query('p') ?? '', switches), (query) =>
    withChecked(c, PaymentFormSchema, form, (checked) => payByCard(c, query, checked)),
  );
  const result: PaymentAnswer = answer.body;
  // The payment made the receipt's address safe (this site, the web-pay host or the backend's).
  if (answer.status === 200 && result.status === 'success' && result.confirmationUrl) return seeOther(c, result.confirmationUrl);
  // The page drawn again keeps the key it posted, unless the answer gives a new one (a decline, a
  // key that ran out) or refused that key: a key whose charge may have gone through is answered by
  // its claim again, never replaced by a fresh key that would charge twice.
  const keep = result.formKey ?? (result.fields?.formKey ? undefined : form.formKey);
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
