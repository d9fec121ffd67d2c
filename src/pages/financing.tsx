import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';

export function FinancingPage({ providerUrl, backHref }: { providerUrl: string; backHref: string }) {
  const text = usePageContext().text.financing;
  return (
    <Document page="PaymentPlanOptions" meta="paymentPlanOptions">
      <article className="card financing">
        <p>
          <a href={backHref} className="back-link">
            ← {text.back}
          </a>
        </p>
        <h1>{text.heading}</h1>
        <p>{text.intro}</p>
        <h2>{text.howHeading}</h2>
        <ol>
          <li>{text.howApply}</li>
          <li>{text.howPay}</li>
          <li>{text.howRepay}</li>
        </ol>
        <h2>{text.beforeHeading}</h2>
        <ul>
          <li>{text.beforeInterest}</li>
          <li>{text.beforeCredit}</li>
          <li>{text.beforeApproval}</li>
        </ul>
        <p>
          <a className="button" href={providerUrl} rel="noopener noreferrer" target="_blank">
            {text.learnMore}
          </a>
        </p>
        <p className="disclaimer">{text.disclaimer}</p>
      </article>
    </Document>
  );
}
