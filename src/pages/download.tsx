import { ipadAsMac } from '../domain/ipad';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';
import { StoreBadges } from './store-badges';

/**
 * Sends an iPad in desktop mode, which the server took for a Mac, to `href`: the landing again,
 * flagged, so it is tracked and sent to the App Store like any iPad. `<` is escaped so that no
 * query value can end the script.
 */
function IpadRedirect({ href }: { href: string }) {
  const { nonce } = usePageContext();
  const code = `if((${ipadAsMac.toString()})(navigator))location.replace(${JSON.stringify(href).replace(/</g, '\\u003c')})`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />;
}

/**
 * The download landing for desktop visitors; phones are sent straight to their store. A Mac gets
 * `ipadHref`: it may be an iPad asking for desktop sites.
 */
export function DownloadPage({ appStoreUrl, playStoreUrl, ipadHref }: { appStoreUrl: string; playStoreUrl: string; ipadHref?: string }) {
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
      {ipadHref && <IpadRedirect href={ipadHref} />}
    </Document>
  );
}
