import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';

export function AppsFlyerLandingPage({ storeHref }: { storeHref: string }) {
  const text = usePageContext().text.appLanding;
  return (
    <Document page="AppsFlyerLanding" meta="five">
      <section className="card hero">
        <h1>{text.heading}</h1>
        <p>{text.body}</p>
        <p>
          <a className="button" href={storeHref}>
            {text.getApp}
          </a>
        </p>
      </section>
    </Document>
  );
}
