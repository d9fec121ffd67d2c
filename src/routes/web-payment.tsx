import type { Context } from 'hono';
import { humanToken, one, pageAgain, seeOther, typed, type Fields, type FormHandler, pageWithForm } from '../web/form-post';
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
import { cardForm, cardStepAgain, type PostedAt } from '../features/payment/card-form';
import { payerInput, payerSchema } from '../domain/payment-schemas';
import { wordsOf } from '../web/words';
import { Hono } from '../lib/hono';
import { FORM_KEY } from '../security/form-keys';
import { INTERACTIVE_TOKEN_FIELD } from '../domain/human-check';
import { listedProviders, PAYEE_ID, SEARCH_TERM_MAX, SEARCH_TERM_MIN } from '../domain/payee';
import { webPaymentOffered } from '../domain/web-payment';
import { PayPage } from '../pages/pay';
import { payPageLinks, payUnavailable } from './pay';
import { ProviderLookupPage, WebPaymentPage } from '../pages/web-payment';
import type { AppEnv } from '../web/app-env';
import { renderPage } from '../web/render';

/** `/web-payment`: the provider lookup, or the payment form of one payee, rendered complete. */
export const webPaymentRoutes = new Hono<AppEnv>();

pageWithForm(
  webPaymentRoutes,
  '/web-payment',
  (c) => {
    // Every parameter at once (the first of each name), rather than reading the address once per name.
    const query: Partial<Record<string, string>> = c.req.query();
    if (query.p) return paymentPage(c, query.p, query);
    return lookupPage(c, (query.t ?? '').slice(0, SEARCH_TERM_MAX), query.ref === '404');
  },
  { [PAYMENT_FORM]: paymentFormPost },
);

/** The provider lookup; a search sent without script (or a link with a term) has its results drawn with the page. */
async function lookupPage(c: Context<AppEnv>, term: string, ref404: boolean): Promise<Response> {
  if (term.trim().length < SEARCH_TERM_MIN) return renderPage(c, <ProviderLookupPage term={term} ref404={ref404} />, { reuse: true });
  const found = await c.get('origin').searchPayees(term.trim());
  const results = found.ok ? listedProviders(found.value, c.get('config').genericPayNames) : [];
  return renderPage(c, <ProviderLookupPage term={term} ref404={ref404} results={results} />);
}

/** One payee's page: its card form, the pay page where it is not offered web payment, or back to the lookup. */
async function paymentPage(c: Context<AppEnv>, p: string, query: Partial<Record<string, string>>): Promise<Response> {
  if (!PAYEE_ID.test(p)) return c.redirect('/web-payment', 302);
  const config = c.get('config');
  const payee = await c.get('origin').cachedPayeeById(p);
  if (!payee.ok) return payUnavailable(c);
  if (!payee.value) return c.redirect('/web-payment', 302);
  if (!webPaymentOffered(payee.value, config))
    return renderPage(c, <PayPage page="Web-Pay" payee={payee.value} webPayment={false} {...payPageLinks(c)} />, { reuse: true });
  const { form, formKey } = await cardForm(c, payee.value, query);
  return renderPage(
    c,
    <WebPaymentPage
      payee={payee.value}
      debtCollector={config.debtCollectorPayeeIds.includes(payee.value.payeeId)}
      appStoreUrl={config.appStoreUrl}
      playStoreUrl={config.playStoreUrl}
      form={form}
    />,
    { reuse: { formKey } },
  );
}

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
  return cardStepAgain(c, answer, form.formKey, posted);
}
