import ProviderLookup from '../../client/islands/provider-lookup';
import WebPaymentForm, { type WebPaymentFormProps } from '../../client/islands/web-payment-form';
import type { Payee, SearchResult } from '../domain/payee';
import { payeeTitle } from '../domain/site';
import { Island } from '../web/island';
import { usePageContext } from '../web/page-context';
import { PAYMENT_FORM } from '../domain/payment';
import { HumanCheckNotice, HumanCheckScript } from './shell/human-check-script';
import { Document } from './shell/document';
import { StoreBadges } from './store-badges';

function LegalLinks() {
  return (
    <p className="wp-legal-links">
      <a href="/termsofservice">Terms of service</a> · <a href="/privacy">Privacy policy</a>
    </p>
  );
}

export function ProviderLookupPage({ term, ref404, results }: { term: string; ref404: boolean; results?: SearchResult[] }) {
  const { text } = usePageContext();
  return (
    <Document page="Web-Pay" meta="pay" title="Pay a Bill on the Web - Papaya">
      <section className="card wp-lookup">
        <h1>Pay a bill on the web</h1>
        {ref404 && <p>We couldn't find the page you were looking for, but you can still pay your bill here.</p>}
        <p>Find your provider or biller, confirm it, then pay by card. No account needed.</p>
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
  const { address } = payee;
  return (
    <Document page="Web-Pay" meta="pay" title={payeeTitle(payee.payeeName)}>
      <div className="wp-layout">
        <section className="card wp-main">
          <h1>Pay {payee.payeeName}</h1>
          {payee.payeeFees.length > 0 && (
            <ul className="wp-fees">
              {payee.payeeFees.map((fee) => (
                <li key={fee}>{fee}</li>
              ))}
            </ul>
          )}
          <HumanCheckScript siteKey={form.humanCheckSiteKey} />
          <HumanCheckNotice siteKey={form.humanCheckSiteKey} alternative="pay from your phone in the Papaya app." />
          <Island
            name="web-payment-form"
            form={PAYMENT_FORM}
            component={WebPaymentForm}
            props={{ ...form, text: { form: text.paymentForm, problems: text.paymentProblems } }}
          />
          {debtCollector && (
            <div className="wp-notice">
              <p>
                <strong>This communication is from a debt collector.</strong> This is an attempt to collect a debt, and any information
                obtained will be used for that purpose.
              </p>
              <p>
                Payments made here are sent by Papaya to {payee.payeeName} on your behalf. Paying does not waive any right you have to
                dispute the debt; contact {payee.payeeName} directly about the debt itself.
              </p>
            </div>
          )}
          <LegalLinks />
        </section>
        <aside className="card wp-side" aria-label="Payee">
          <h2>{payee.payeeName}</h2>
          <address>
            {[address.address1, address.address2].filter(Boolean).join(', ')}
            {address.city && (
              <>
                <br />
                {address.city}, {address.state} {address.zip}
              </>
            )}
          </address>
          {payee.pphone && (
            <p>
              For all billing questions, call <a href={`tel:${payee.pphone.replace(/[^\d+]/g, '')}`}>{payee.pphone}</a>
            </p>
          )}
          {form.company ? (
            <p className="muted">Paying for your employer or company? A receipt is emailed to you for your records.</p>
          ) : (
            <>
              <p className="muted">Pay your next bill in seconds with the Papaya app.</p>
              <StoreBadges appStoreUrl={appStoreUrl} playStoreUrl={playStoreUrl} />
            </>
          )}
        </aside>
      </div>
    </Document>
  );
}
