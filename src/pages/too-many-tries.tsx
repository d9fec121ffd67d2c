import { TOO_MANY_LINKS_TITLE, tryLinksAgain } from '../domain/limits';
import { Document } from './shell/document';

/** A page that reads a token from its link, shown instead once one client has tried too many wrong ones. */
export function TooManyTriesPage({ retryAfterSeconds }: { retryAfterSeconds: number }) {
  return (
    <Document page="Error" meta="error">
      <section className="card notice">
        <h1>{TOO_MANY_LINKS_TITLE}</h1>
        <p>{tryLinksAgain(retryAfterSeconds)}</p>
      </section>
    </Document>
  );
}
