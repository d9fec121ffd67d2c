import { LANGUAGE_TAG } from '../domain/catalogue';
import { fill } from '../domain/catalogue/fill';
import { formatDollars } from '../domain/field-rules';
import type { Receipt } from '../domain/receipt';
import { SUPPORT_EMAIL } from '../domain/site';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';
import { Rich } from '../../client/components/rich';

const money = (cents: number) => formatDollars(cents / 100);
/** The payment's day in the language of the page, on the payee's clock (the backend's time zone). */
const day = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/Los_Angeles' });

export function ReceiptPage({ receipt }: { receipt: Receipt }) {
  const { text, language } = usePageContext();
  const words = text.webPayment;
  return (
    <Document personal page="Web-Pay" meta="pay" title={words.receiptTitle}>
      <section className="card receipt">
        <h1>{words.receiptHeading}</h1>
        <dl className="receipt__details">
          <dt>{words.paidTo}</dt>
          <dd>{receipt.payeeName}</dd>
          <dt>{words.amount}</dt>
          <dd>{money(receipt.amountCents)}</dd>
          <dt>{words.date}</dt>
          <dd>{day(receipt.createdAt, LANGUAGE_TAG[language])}</dd>
          <dt>{words.card}</dt>
          <dd>{fill(words.cardEnding, { brand: receipt.brand, last4: receipt.last4 })}</dd>
          <dt>{words.confirmation}</dt>
          <dd>
            <strong>{receipt.confirmation}</strong>
          </dd>
        </dl>
        <p>{words.keepConfirmation}</p>
        <h2>{words.questions}</h2>
        <p>
          {receipt.payeePhone
            ? fill(words.billQuestionsPhone, { payee: receipt.payeeName, phone: receipt.payeePhone })
            : fill(words.billQuestions, { payee: receipt.payeeName })}{' '}
          <Rich text={words.paymentQuestions} parts={{ email: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> }} />
        </p>
      </section>
    </Document>
  );
}
