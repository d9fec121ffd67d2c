import { Hono } from 'hono';
import { issueFormKey } from '../security/form-keys';
import { formKeySecret } from '../security/secrets';
import { listedProviders, PAYEE_ID, SEARCH_TERM_MAX, SEARCH_TERM_MIN } from '../domain/payee';
import { humanCheckSiteKey, storeUrlFor } from '../domain/config';
import { formLabels } from '../domain/web-payment-labels';
import { webPaymentOffered } from '../domain/web-payment';
import { PayPage } from '../pages/pay';
import { PayUnavailablePage } from '../pages/pay-unavailable';
import { ProviderLookupPage, WebPaymentPage } from '../pages/web-payment';
import type { AppEnv } from '../web/app-env';
import { slot } from '../web/page-reuse';
import { renderPage } from '../web/render';

/** `/web-payment`: the provider lookup, or the payment form of one payee, rendered complete. */
export const webPaymentRoutes = new Hono<AppEnv>();

webPaymentRoutes.get('/web-payment', async (c) => {
  const p = c.req.query('p');
  const ref404 = c.req.query('ref') === '404';
  if (!p) {
    const term = (c.req.query('t') ?? '').slice(0, SEARCH_TERM_MAX);
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

  const company = c.req.query('ib') === '1';
  const { acctRegex, acctRegexWarn, acctRegexReadibleString, customFields, ccAccepted } = payee.value;
  return renderPage(
    c,
    <WebPaymentPage
      payee={payee.value}
      debtCollector={config.debtCollectorPayeeIds.includes(payee.value.payeeId)}
      appStoreUrl={config.appStoreUrl}
      playStoreUrl={config.playStoreUrl}
      form={{
        payeeId: payee.value.payeeId,
        rules: { acctRegex, acctRegexWarn, acctRegexReadibleString, customFields, ccAccepted },
        company,
        labels: formLabels({ company, notMedical: payee.value.notMedical, useStatement: payee.value.useStatement }),
        flags: {
          optE: c.req.query('emailOpt') !== undefined,
          silent: c.req.query('silent') !== undefined,
          generic: c.req.query('g') !== undefined,
        },
        idempotencyKey: slot('idempotencyKey'),
        humanCheckSiteKey: humanCheckSiteKey(config),
      }}
    />,
    { reuse: { idempotencyKey: await issueFormKey(formKeySecret(config), payee.value.payeeId) }, translated: true },
  );
});
