import { FORM_FIELD } from '../domain/islands';
import { ACCOUNT_LINK_FORM, type EmailLink } from '../domain/api-schemas';
import { usePageContext } from '../web/page-context';
import { Document } from './shell/document';

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
  const text = usePageContext().text.accountLink;
  return (
    <Document personal page="Account-Link" meta="ebills">
      <section className="card notice">
        {view === 'confirm' && link && (
          <>
            <h1>{text.heading}</h1>
            <p>{text.intro}</p>
            <form method="post">
              <input type="hidden" name={FORM_FIELD} value={ACCOUNT_LINK_FORM} />
              <input type="hidden" name="state" value={link.state} />
              <input type="hidden" name="code" value={link.code} />
              <input type="hidden" name="scope" value={link.scope} />
              <button type="submit" className="button">
                {text.submit}
              </button>
            </form>
          </>
        )}
        {view === 'linked' && (
          <>
            <h1>{text.linked}</h1>
            <p>{text.linkedText}</p>
          </>
        )}
        {view === 'failed' && (
          <>
            <h1>{text.failed}</h1>
            {refusal ? <p role="alert">{refusal}</p> : <p>{text.failedText}</p>}
          </>
        )}
        {view !== 'confirm' && returnUrl && (
          <p>
            <a className="button" href={returnUrl}>
              {text.returnToApp}
            </a>
          </p>
        )}
      </section>
    </Document>
  );
}
