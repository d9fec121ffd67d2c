import { TextMeALink } from './text-me-a-link';
import type { Payee } from '../domain/payee';
import { fill } from '../domain/catalogue/fill';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';
import { StoreBadges } from './store-badges';
import { Rich } from '../../client/components/rich';

interface PayPageProps {
  /** The route name of spec 001 §2 (decides the footer). */
  page: string;
  /** Null for the plain text-me-a-link page. */
  payee: Payee | null;
  /** The payee takes card payments on the web: the page links to its web payment form. */
  webPayment: boolean;
  storeUrl?: string;
  humanCheckSiteKey?: string;
  appStoreUrl: string;
  playStoreUrl: string;
}

function PayeeHeader({ payee }: { payee: Payee }) {
  const { text } = usePageContext();
  const logo = payee.logo.url.startsWith('https://') ? payee.logo.url : '';
  return (
    <header className="payee-header">
      {logo && <img className="payee-logo" src={logo} alt={fill(text.pay.payeeLogo, { payee: payee.payeeName })} width={160} height={64} />}
      <h1>{fill(text.pay.payeeHeading, { payee: payee.payeeName })}</h1>
      {/* Cleaned to simple formatting and https links where the payee was fetched (FetchedPayeeSchema). */}
      {payee.customHeading && <div className="payee-heading" dangerouslySetInnerHTML={{ __html: payee.customHeading }} />}
    </header>
  );
}

/** Text-me-a-link: the plain page, or the one for a payee. */
export function PayPage({ page, payee, webPayment, storeUrl, humanCheckSiteKey, appStoreUrl, playStoreUrl }: PayPageProps) {
  const { text } = usePageContext();
  return (
    <Document page={page} meta="pay" title={payee ? fill(text.pay.payeeTitle, { payee: payee.payeeName }) : undefined}>
      <section className="card pay">
        {payee ? <PayeeHeader payee={payee} /> : <h1>{text.pay.heading}</h1>}
        <p>{payee ? fill(text.pay.payeeIntro, { payee: payee.payeeName }) : text.pay.intro}</p>
        <TextMeALink
          source="p"
          alternative={text.pay.noScriptAlternative}
          payeeId={payee?.payeeId}
          storeUrl={storeUrl}
          appStoreUrl={storeUrl ? undefined : appStoreUrl}
          humanCheckSiteKey={humanCheckSiteKey}
        />
        <StoreBadges appStoreUrl={appStoreUrl} playStoreUrl={playStoreUrl} />
        {(!payee || webPayment) && (
          <p className="muted">
            <Rich
              text={text.pay.preferComputer}
              parts={{ link: <a href={payee ? `/web-payment?p=${payee.payeeId}` : '/web-payment'}>{text.pay.payByCard}</a> }}
            />
          </p>
        )}
      </section>
    </Document>
  );
}

export function MultiOptionPage({ provider, payee }: { provider: string; payee: Payee }) {
  const { text } = usePageContext();
  return (
    <Document page="Web-Pay-Multi-Option" meta="pay" title={fill(text.pay.payeeTitle, { payee: payee.payeeName })}>
      <section className="card hero">
        <p className="eyebrow">{payee.payeeName}</p>
        <h1>{text.pay.multiOptionHeading}</h1>
        <div className="choice-buttons">
          <a className="button" href={`/${encodeURIComponent(provider)}/patient`}>
            {text.pay.patientBill}
          </a>
          <a className="button button--secondary" href={`/web-payment?p=${payee.payeeId}&ib=1`}>
            {text.pay.companyInvoice}
          </a>
        </div>
      </section>
    </Document>
  );
}
