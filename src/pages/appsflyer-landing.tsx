import { Document } from './shell/document';

export function AppsFlyerLandingPage({ storeHref }: { storeHref: string }) {
  return (
    <Document page="AppsFlyerLanding" meta="five">
      <section className="card hero">
        <h1>Pay your bills in a snap</h1>
        <p>Photograph a bill, choose how to pay, and Papaya delivers the payment. No checks, no stamps, no phone trees.</p>
        <p>
          <a className="button" href={storeHref}>
            Get the Papaya app
          </a>
        </p>
      </section>
    </Document>
  );
}
