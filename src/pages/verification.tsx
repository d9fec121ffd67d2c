import { Document } from './shell/document';

/** A third-party verification form, framed under the common heading. */
export function VerificationPage({ page, formUrl, formTitle }: { page: string; formUrl: string; formTitle: string }) {
  return (
    <Document page={page} title="Provider/Biller Verification - Papaya">
      <section className="card verification">
        <h1>Provider/Biller Verification</h1>
        <p>Complete the form below. It is provided by our verification partner and is sent securely to Papaya.</p>
        <div className="frame-wrap">
          <iframe src={formUrl} title={formTitle} width={600} height={800} loading="lazy" referrerPolicy="strict-origin" />
        </div>
        <p className="muted">
          Can't see the form? <a href={formUrl}>Open it in a new page</a>.
        </p>
      </section>
    </Document>
  );
}
