import type { PasswordResetText } from '../../src/domain/catalogue';
import { SUPPORT_EMAIL } from '../../src/domain/site';

/** The password-reset screens that need no script; the form island switches to them too. */
function Support({ text }: { text: PasswordResetText }) {
  const [before, after = ''] = text.support.split('{email}');
  return (
    <p>
      {before}
      <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      {after}
    </p>
  );
}

export function NoTokenView({ text }: { text: PasswordResetText }) {
  return (
    <>
      <h1>{text.noTokenTitle}</h1>
      <p>{text.noTokenBody}</p>
    </>
  );
}

export function ExpiredView({ text }: { text: PasswordResetText }) {
  return (
    <>
      <h1>{text.expiredTitle}</h1>
      <p>{text.expiredBody}</p>
      <Support text={text} />
    </>
  );
}

export function MismatchView({ text }: { text: PasswordResetText }) {
  return (
    <>
      <h1>{text.mismatch}</h1>
      <Support text={text} />
    </>
  );
}

export function ChangedView({ text }: { text: PasswordResetText }) {
  return <h1>{text.changed}</h1>;
}
