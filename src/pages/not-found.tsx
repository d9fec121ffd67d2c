import { Document } from './shell/document';

export function NotFoundPage() {
  return (
    <Document page="Not-Found" meta="error">
      <section className="card notice">
        <h1>Sorry! We can't find that page.</h1>
        <p>The link may be mistyped or out of date. You can still pay your bill online.</p>
        <p>
          <a className="button" href="/web-payment?ref=404">
            Pay a bill on the web
          </a>
        </p>
      </section>
    </Document>
  );
}
