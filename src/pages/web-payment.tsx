import ProviderLookup from '../../client/islands/provider-lookup';
import WebPaymentForm, { type WebPaymentFormProps } from '../../client/islands/web-payment-form';
import type { Payee, SearchResult } from '../domain/payee';
import { fill } from '../domain/catalogue/fill';
import { Island } from '../web/island';
import { usePageContext } from '../web/page-context';
import { PAYMENT_FORM } from '../domain/payment';
import { HumanCheckNotice, HumanCheckScript } from './shell/human-check-script';
import { Document } from './shell/document';
import { StoreBadges } from './store-badges';
import { Rich } from '../../client/components/rich';

function LegalLinks() {
  const { text } = usePageContext();
  return (
    <p className="wp-legal-links">
      <a href="/termsofservice">{text.nav.terms}</a> · <a href="/privacy">{text.nav.privacy}</a>
    </p>
  );
}

export function ProviderLookupPage({ term, ref404, results }: { term: string; ref404: boolean; results?: SearchResult[] }) {
  const { text } = usePageContext();
  return (
    <Document page="Web-Pay" meta="pay" title={text.webPayment.lookupTitle}>
      <section className="card wp-lookup">
        <h1>{text.webPayment.lookupHeading}</h1>
        {ref404 && <p>{text.webPayment.lookupFrom404}</p>}
        <p>{text.webPayment.lookupIntro}</p>
        <Island
          name="provider-lookup"
          component={ProviderLookup}
          props={{
            initialTerm: term,
            ref404,
            results: results?.map(({ id, name, street1, street2, city, state, zip }) => ({ id, name, street1, street2, city, state, zip })),
            text: text.providerLookup,
          }}
        />
        <LegalLinks />
      </section>
    </Document>
  );
}

interface WebPaymentPageProps {
  payee: Payee;
  /** The form's props but its words, which the page adds in the visitor's language. */
  form: Omit<WebPaymentFormProps, 'text'>;
  debtCollector: boolean;
  appStoreUrl: string;
  playStoreUrl: string;
}

export function WebPaymentPage({ payee, form, debtCollector, appStoreUrl, playStoreUrl }: WebPaymentPageProps) {
  const { text } = usePageContext();
  const words = text.webPayment;
  return (
    <Document page="Web-Pay" meta="pay" title={fill(text.pay.payeeTitle, { payee: payee.payeeName })}>
      <div className="wp-layout">
        <section className="card wp-main">
          <h1>{fill(text.pay.payeeHeading, { payee: payee.payeeName })}</h1>
          {payee.payeeFees.length > 0 && (
            <ul className="wp-fees">
              {payee.payeeFees.map((fee) => (
                <li key={fee}>{fee}</li>
              ))}
            </ul>
          )}
          <HumanCheckScript siteKey={form.humanCheckSiteKey} />
          <HumanCheckNotice siteKey={form.humanCheckSiteKey} alternative={words.noScriptAlternative} />
          <Island
            name="web-payment-form"
            form={PAYMENT_FORM}
            component={WebPaymentForm}
            props={{ ...form, text: { form: text.paymentForm, problems: text.paymentProblems } }}
          />
          {debtCollector && (
            <div className="wp-notice">
              <p>
                <strong>{words.debtCollectorNotice}</strong> {words.debtCollectorPurpose}
              </p>
              <p>{fill(words.debtCollectorRights, { payee: payee.payeeName })}</p>
            </div>
          )}
          <LegalLinks />
        </section>
        <aside className="card wp-side" aria-label={words.payeeAside}>
          <h2>{payee.payeeName}</h2>
          <PayeeAddress address={payee.address} />
          {payee.pphone && (
            <p>
              <Rich
                text={words.billingQuestions}
                parts={{ phone: <a href={`tel:${payee.pphone.replace(/[^\d+]/g, '')}`}>{payee.pphone}</a> }}
              />
            </p>
          )}
          {form.company ? (
            <p className="muted">{words.companyReceipt}</p>
          ) : (
            <>
              <p className="muted">{words.nextBill}</p>
              <StoreBadges appStoreUrl={appStoreUrl} playStoreUrl={playStoreUrl} />
            </>
          )}
        </aside>
      </div>
    </Document>
  );
}

/** The payee's postal address, its city's line only when it has a city. */
function PayeeAddress({ address }: { address: Payee['address'] }) {
  return (
    <address>
      {[address.address1, address.address2].filter(Boolean).join(', ')}
      {address.city && (
        <>
          <br />
          {address.city}, {address.state} {address.zip}
        </>
      )}
    </address>
  );
}
