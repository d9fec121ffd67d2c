import { Document } from './shell/document';

/** The payee could not be looked up because the backend did not answer. */
export function PayUnavailablePage() {
  return (
    <Document page="Pay" meta="pay">
      <section className="card notice">
        <h1>We can't load this payment page right now.</h1>
        <p>Nothing was charged. Please reload the page in a moment, or pay on the web instead.</p>
        <p>
          <a className="button" href="/web-payment">
            Pay a bill on the web
          </a>
        </p>
      </section>
    </Document>
  );
}
