import { Hono } from '../lib/hono';
import type { ComponentProps } from 'react';
import { formKeyForPage } from '../security/form-keys';
import { formKeySecret } from '../security/secrets';
import { listedProviders, PAYEE_ID, SEARCH_TERM_MAX, SEARCH_TERM_MIN, type Payee } from '../domain/payee';
import { humanCheckSiteKey, storeUrlFor } from '../domain/config';
import { formLabels } from '../domain/web-payment-labels';
import { webPaymentOffered } from '../domain/web-payment';
import { PayPage } from '../pages/pay';
import { PayUnavailablePage } from '../pages/pay-unavailable';
import { ProviderLookupPage, WebPaymentPage } from '../pages/web-payment';
import type { AppEnv } from '../web/app-env';
import { slot } from '../web/page-reuse';
import { runLater } from '../web/middleware';
import { renderPage } from '../web/render';
import { languageInAddress } from '../web/words';
import type { Language } from '../domain/catalogue';

/** `/web-payment`: the provider lookup, or the payment form of one payee, rendered complete. */
export const webPaymentRoutes = new Hono<AppEnv>();

webPaymentRoutes.get('/web-payment', async (c) => {
  // Every parameter at once (the first of each name), rather than reading the address once per name.
  const query: Partial<Record<string, string>> = c.req.query();
  const p = query.p;
  const ref404 = query.ref === '404';
  if (!p) {
    const term = (query.t ?? '').slice(0, SEARCH_TERM_MAX);
    if (term.trim().length < SEARCH_TERM_MIN)
      return renderPage(c, <ProviderLookupPage term={term} ref404={ref404} />, { reuse: true, translated: true });
    // A search sent without script (or a link with a term): the results are drawn with the page.
    const found = await c.get('origin').searchPayees(term.trim());
    const results = found.ok ? listedProviders(found.value, c.get('config').genericPayNames) : [];
    return renderPage(c, <ProviderLookupPage term={term} ref404={ref404} results={results} />, { translated: true });
  }
  if (!PAYEE_ID.test(p)) return c.redirect('/web-payment', 302);

  const config = c.get('config');
  const payee = await c.get('origin').cachedPayeeById(p);
  if (!payee.ok)
    return renderPage(c, <PayUnavailablePage />, { status: 503, headers: { 'Retry-After': '30' }, reuse: true, translated: true });
  if (!payee.value) return c.redirect('/web-payment', 302);

  const device = c.get('device');
  if (!webPaymentOffered(payee.value, config)) {
    const storeUrl = device === 'desktop' ? undefined : storeUrlFor(config, device);
    return renderPage(
      c,
      <PayPage
        page="Web-Pay"
        payee={payee.value}
        webPayment={false}
        storeUrl={storeUrl}
        humanCheckSiteKey={humanCheckSiteKey(config)}
        appStoreUrl={config.appStoreUrl}
        playStoreUrl={config.playStoreUrl}
      />,
      { reuse: true, translated: true },
    );
  }

  const key = formKeyForPage(formKeySecret(config), payee.value.payeeId, (work) => runLater(c, work));
  const form = paymentForm(payee.value, {
    company: query.ib === '1',
    optE: query.emailOpt !== undefined,
    silent: query.silent !== undefined,
    generic: query.g !== undefined,
    humanCheckSiteKey: humanCheckSiteKey(config),
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
    { reuse: { idempotencyKey: typeof key === 'string' ? key : await key }, translated: true },
  );
});

type PaymentForm = ComponentProps<typeof WebPaymentPage>['form'];
interface FormSwitches {
  company: boolean;
  optE: boolean;
  silent: boolean;
  generic: boolean;
  humanCheckSiteKey: string | undefined;
  /** The language the page's address names: the payment call names it too, for the receipt it leads to. */
  language: Language | undefined;
}

/**
 * The card form's props for a payee (as the cache holds it, one object while it is kept) and the
 * address's switches: made once per combination, so the page they key is found without
 * serializing them again. The idempotency key is a slot, filled per response.
 */
const forms = new WeakMap<Payee, Map<string, PaymentForm>>();

function paymentForm(payee: Payee, switches: FormSwitches): PaymentForm {
  const { company, optE, silent, generic, humanCheckSiteKey, language } = switches;
  const which = `${company}|${optE}|${silent}|${generic}|${humanCheckSiteKey ?? ''}|${language ?? ''}`;
  let made = forms.get(payee);
  if (!made) forms.set(payee, (made = new Map()));
  let form = made.get(which);
  if (!form) {
    const { acctRegex, acctRegexWarn, acctRegexReadibleString, customFields, ccAccepted } = payee;
    form = {
      payeeId: payee.payeeId,
      rules: { acctRegex, acctRegexWarn, acctRegexReadibleString, customFields, ccAccepted },
      company,
      labels: formLabels({ company, notMedical: payee.notMedical, useStatement: payee.useStatement }),
      flags: { optE, silent, generic, ...(language && { language }) },
      idempotencyKey: slot('idempotencyKey'),
      humanCheckSiteKey,
    };
    made.set(which, form);
  }
  return form;
}
