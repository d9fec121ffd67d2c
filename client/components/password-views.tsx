import { LINK_EXPIRED, MISMATCH, NO_TOKEN_TITLE, PASSWORD_CHANGED } from '../../src/domain/password';
import { SUPPORT_EMAIL } from '../../src/domain/site';

/** The password-reset screens that need no script; the form island switches to them too. */
const support = (
  <>
    If you need help, contact us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
  </>
);

export function NoTokenView() {
  return (
    <>
      <h1>{NO_TOKEN_TITLE}</h1>
      <p>Open the Papaya app, go to My Account, and choose Change Password. We'll email you a secure link to set a new one.</p>
    </>
  );
}

export function ExpiredView() {
  return (
    <>
      <h1>{LINK_EXPIRED}</h1>
      <p>
        Password links expire after 24 hours, or as soon as they have been used. Ask for a new link from the Papaya app: My Account, then
        Change Password.
      </p>
      <p>{support}</p>
    </>
  );
}

export function MismatchView() {
  return (
    <>
      <h1>{MISMATCH}</h1>
      <p>{support}</p>
    </>
  );
}

export function ChangedView() {
  return <h1>{PASSWORD_CHANGED}</h1>;
}
