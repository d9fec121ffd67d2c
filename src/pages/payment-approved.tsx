import { fill } from '../domain/catalogue/fill';
import { SUPPORT_EMAIL } from '../domain/site';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';
import { Rich } from '../../client/components/rich';

/**
 * The site's own page for an approved payment whose receipt address it would not send the visitor
 * to: the payment went through, and the page says so, with whom to ask, so nobody pays twice.
 */
export function PaymentApprovedPage({ payeeName, payeePhone }: { payeeName: string; payeePhone?: string }) {
  const { text } = usePageContext();
  const words = text.webPayment;
  return (
    <Document personal page="Web-Pay" meta="pay" title={words.receiptTitle}>
      <section className="card receipt">
        <h1>{words.receiptHeading}</h1>
        <p>{fill(words.approvedBody, { payee: payeeName })}</p>
        <h2>{words.questions}</h2>
        <p>
          {payeePhone
            ? fill(words.billQuestionsPhone, { payee: payeeName, phone: payeePhone })
            : fill(words.billQuestions, { payee: payeeName })}{' '}
          <Rich text={words.approvedQuestions} parts={{ email: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> }} />
        </p>
      </section>
    </Document>
  );
}
