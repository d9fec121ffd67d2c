import { tryLinksAgain } from '../domain/limits';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';

/** A page that reads a token from its link, shown instead once one client has tried too many wrong ones. */
export function TooManyTriesPage({ retryAfterSeconds }: { retryAfterSeconds: number }) {
  const words = usePageContext().text.limits;
  return (
    <Document page="Error" meta="error">
      <section className="card notice">
        <h1>{words.tooManyLinksTitle}</h1>
        <p>{tryLinksAgain(retryAfterSeconds, words)}</p>
      </section>
    </Document>
  );
}
