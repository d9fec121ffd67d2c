import { Document } from './shell/document';

export function FinancingPage({ providerUrl, backHref, backLabel }: { providerUrl: string; backHref: string; backLabel: string }) {
  return (
    <Document page="PaymentPlanOptions" meta="paymentPlanOptions">
      <article className="card financing">
        <p>
          <a href={backHref} className="back-link">
            ← {backLabel}
          </a>
        </p>
        <h1>Payment plan options</h1>
        <p>
          If you can't pay your whole bill today, a healthcare credit card can let you spread the cost over time. Many providers accept
          cards made for medical, dental and veterinary costs, often with promotional financing on purchases above a minimum amount.
        </p>
        <h2>How it works</h2>
        <ol>
          <li>Apply with the financing provider. You usually get a decision within minutes.</li>
          <li>If you are approved, use the card to pay your bill with Papaya, like any other credit card.</li>
          <li>Repay the financing provider in monthly payments on the terms it offers you.</li>
        </ol>
        <h2>Before you apply</h2>
        <ul>
          <li>Promotional financing may charge interest from the purchase date if the balance is not paid in full in time.</li>
          <li>Applying may affect your credit score. Read the provider's terms, rates and fees before you accept.</li>
          <li>Papaya does not decide who is approved and cannot change a provider's terms.</li>
        </ul>
        <p>
          <a className="button" href={providerUrl} rel="noopener noreferrer" target="_blank">
            Learn about financing options (opens in a new tab)
          </a>
        </p>
        <p className="disclaimer">
          Papaya is not affiliated with, and does not endorse, the financing provider. Financing is offered by the provider alone, subject
          to its credit approval and terms. Papaya receives no compensation for referrals.
        </p>
      </article>
    </Document>
  );
}
