import { formatDollars } from '../domain/payment';
import type { Receipt } from '../domain/receipt';
import { SUPPORT_EMAIL } from '../domain/site';
import { Document } from './shell/document';

const money = (cents: number) => formatDollars(cents / 100);
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/Los_Angeles' });

export function ReceiptPage({ receipt }: { receipt: Receipt }) {
  return (
    <Document personal page="Web-Pay" meta="pay" title="Payment received - Papaya">
      <section className="card receipt">
        <h1>Thank you! Your payment was received.</h1>
        <dl className="receipt__details">
          <dt>Paid to</dt>
          <dd>{receipt.payeeName}</dd>
          <dt>Amount</dt>
          <dd>{money(receipt.amountCents)}</dd>
          <dt>Date</dt>
          <dd>{day(receipt.createdAt)}</dd>
          <dt>Card</dt>
          <dd>
            {receipt.brand} ending in {receipt.last4}
          </dd>
          <dt>Confirmation number</dt>
          <dd>
            <strong>{receipt.confirmation}</strong>
          </dd>
        </dl>
        <p>Keep this confirmation number. A receipt is also sent to the phone number you gave us.</p>
        <h2>Questions?</h2>
        <p>
          For questions about your bill, call {receipt.payeeName}
          {receipt.payeePhone ? ` at ${receipt.payeePhone}` : ''}. For questions about this payment, email{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with your confirmation number.
        </p>
      </section>
    </Document>
  );
}
