import { ipadAsMac } from '../domain/ipad';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';
import { StoreBadges } from './store-badges';
import { Rich } from '../../client/components/rich';

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
  const { text } = usePageContext();
  return (
    <Document page="DownloadLanding" meta="five">
      <section className="card hero">
        <h1>{text.download.heading}</h1>
        <p>{text.download.body}</p>
        <StoreBadges appStoreUrl={appStoreUrl} playStoreUrl={playStoreUrl} />
        <p>
          <Rich text={text.download.onComputer} parts={{ link: <a href="/web-payment">{text.pay.payOnWeb}</a> }} />
        </p>
      </section>
      {ipadHref && <IpadRedirect href={ipadHref} />}
    </Document>
  );
}
