import { Document } from './shell/document';
import { StoreBadges } from './store-badges';

/** The download landing for desktop visitors; phones are sent straight to their store. */
export function DownloadPage({ appStoreUrl, playStoreUrl }: { appStoreUrl: string; playStoreUrl: string }) {
  return (
    <Document page="DownloadLanding" meta="five">
      <section className="card hero">
        <h1>Get the Papaya app</h1>
        <p>Take a picture of any bill and pay it in about five minutes, by card or bank account, from your phone.</p>
        <StoreBadges appStoreUrl={appStoreUrl} playStoreUrl={playStoreUrl} />
        <p>
          On a computer? <a href="/web-payment">Pay a bill on the web</a> instead.
        </p>
      </section>
    </Document>
  );
}
