import { FORM_FIELD } from '../domain/islands';
import { ACCOUNT_LINK_FORM, type EmailLink } from '../domain/api-schemas';
import { Document } from './shell/document';

export const LINK_FAILED = 'Oh no! There was an issue linking your email.';

export type AccountLinkView = 'confirm' | 'linked' | 'failed';

/**
 * Linking an inbox for e-bills. The answer from sign-in is sent on only when the visitor presses
 * the button (a form post, no script): opening the link, as mail scanners and previews do, sends
 * nothing. iPhone visitors get a way back to the app once it is done.
 */
export function AccountLinkPage({
  view,
  link,
  returnUrl,
  refusal,
}: {
  view: AccountLinkView;
  link?: EmailLink;
  returnUrl?: string;
  /** Why the button's post was refused before the backend heard of it (too many tries). */
  refusal?: string;
}) {
  return (
    <Document personal page="Account-Link" meta="ebills">
      <section className="card notice">
        {view === 'confirm' && link && (
          <>
            <h1>Link your email to Papaya</h1>
            <p>Press the button to finish linking your inbox, so Papaya can find your bills for you.</p>
            <form method="post">
              <input type="hidden" name={FORM_FIELD} value={ACCOUNT_LINK_FORM} />
              <input type="hidden" name="state" value={link.state} />
              <input type="hidden" name="code" value={link.code} />
              <input type="hidden" name="scope" value={link.scope} />
              <button type="submit" className="button">
                Link my email
              </button>
            </form>
          </>
        )}
        {view === 'linked' && (
          <>
            <h1>Your email is linked!</h1>
            <p>Papaya will look for new bills in your inbox and add them to the app for you.</p>
          </>
        )}
        {view === 'failed' && (
          <>
            <h1>{LINK_FAILED}</h1>
            {refusal ? <p role="alert">{refusal}</p> : <p>Please go back to the Papaya app and try linking your email again.</p>}
          </>
        )}
        {view !== 'confirm' && returnUrl && (
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
