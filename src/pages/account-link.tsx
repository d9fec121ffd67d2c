import { Document } from './shell/document';

export const LINK_FAILED = 'Oh no! There was an issue linking your email.';

/** The result of linking an inbox for e-bills; iPhone visitors get a way back to the app. */
export function AccountLinkPage({ linked, returnUrl }: { linked: boolean; returnUrl?: string }) {
  return (
    <Document page="Account-Link" meta="ebills">
      <section className="card notice">
        {linked ? (
          <>
            <h1>Your email is linked!</h1>
            <p>Papaya will look for new bills in your inbox and add them to the app for you.</p>
          </>
        ) : (
          <>
            <h1>{LINK_FAILED}</h1>
            <p>Please go back to the Papaya app and try linking your email again.</p>
          </>
        )}
        {returnUrl && (
          <p>
            <a className="button" href={returnUrl}>
              Return to the Papaya app
            </a>
          </p>
        )}
      </section>
    </Document>
  );
}
