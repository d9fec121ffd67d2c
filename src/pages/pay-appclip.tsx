import RedirectAfter from '../../client/islands/redirect-after';
import { Island } from '../web/island';
import { Document } from './shell/document';

export const APP_CLIP_REDIRECT_MS = 200;

export function PayAppClipPage({ href }: { href: string }) {
  return (
    <Document page="Pay-App-Clip" meta="pay">
      <section className="card hero">
        <h1>Pay your bill with Papaya</h1>
        <p>We're opening Papaya so you can pay in a few taps. If nothing happens, use the button below.</p>
        <Island
          name="redirect-after"
          component={RedirectAfter}
          props={{ href, delayMs: APP_CLIP_REDIRECT_MS, label: 'Continue to Papaya' }}
        />
      </section>
    </Document>
  );
}
