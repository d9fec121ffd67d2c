import { TextMeALink } from './text-me-a-link';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';

export function NotFoundPage({ storeUrl, humanCheckSiteKey }: { storeUrl?: string; humanCheckSiteKey?: string }) {
  const { text } = usePageContext();
  return (
    <Document page="Not-Found" meta="error">
      <section className="card notice">
        <h1>{text.notFound.heading}</h1>
        <p>{text.notFound.body}</p>
        <TextMeALink source="4" alternative={text.notFound.noScriptAlternative} storeUrl={storeUrl} humanCheckSiteKey={humanCheckSiteKey} />
        <p>
          <a className="button button--secondary" href="/web-payment?ref=404">
            {text.pay.payOnWeb}
          </a>
        </p>
      </section>
    </Document>
  );
}
