import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';

/** The payee could not be looked up because the backend did not answer. */
export function PayUnavailablePage() {
  const { text } = usePageContext();
  return (
    <Document page="Pay" meta="pay">
      <section className="card notice">
        <h1>{text.pay.unavailableHeading}</h1>
        <p>{text.pay.unavailableBody}</p>
        <p>
          <a className="button" href="/web-payment">
            {text.pay.payOnWeb}
          </a>
        </p>
      </section>
    </Document>
  );
}
