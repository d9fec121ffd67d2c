import RedirectAfter from '../../client/islands/redirect-after';
import { Island } from '../web/island';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';

/** How long the app-clip page shows before it sends the visitor on (shell spec §9). */
export const APP_CLIP_REDIRECT_MS = 200;
/** In a test environment the redirect, and with it the tracking call, waits 20 s. */
export const APP_CLIP_TEST_REDIRECT_MS = 20_000;

export function PayAppClipPage({ href, delayMs }: { href: string; delayMs: number }) {
  const { text } = usePageContext();
  return (
    <Document page="Pay-App-Clip" meta="pay">
      <section className="card hero">
        <h1>{text.pay.heading}</h1>
        <p>{text.appLanding.clipBody}</p>
        <Island name="redirect-after" component={RedirectAfter} props={{ href, delayMs, label: text.appLanding.clipContinue }} />
      </section>
    </Document>
  );
}
