import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  HINT_LENGTH_DONE,
  HINT_LENGTH_TODO,
  HINT_MATCH_DONE,
  HINT_MATCH_TODO,
  PASSWORD_MIN,
  passwordReady,
  RESET_FORM,
  resetView,
  type ResetView,
} from '../../src/domain/password';
import { FORM_FIELD } from '../../src/domain/islands';
import type { PostedForm } from '../../src/domain/posted-form';
import { ChangedView, ExpiredView, MismatchView } from '../components/password-views';
import { HumanCheck, humanTokenIn } from '../components/human-check';

export interface PasswordResetProps {
  token: string;
  humanCheckSiteKey?: string;
  /** The form as posted without script: its errors (a password is never sent back). */
  posted?: PostedForm;
}

/** The new-password form, shown once the server has validated the link. */
export default function PasswordReset({ token, humanCheckSiteKey, posted }: PasswordResetProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [visible, setVisible] = useState(false);
  const [view, setView] = useState<ResetView>('show-form');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState(
    posted ? (posted.errors.np ?? posted.errors.confirm ?? posted.errors.humanToken ?? posted.error) : undefined,
  );
  const heading = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (view !== 'show-form') heading.current?.focus();
  }, [view]);

  const longEnough = password.length >= PASSWORD_MIN;
  const matching = password.length > 0 && password === confirm;
  const ready = passwordReady(password, confirm);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!ready) return setError(password.length < PASSWORD_MIN ? HINT_LENGTH_TODO : HINT_MATCH_TODO);
    setError(undefined);
    setSaving(true);
    try {
      const res = await fetch('/api/forgot_password_back.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ x: token, np: password, humanToken: humanTokenIn(event.currentTarget as HTMLFormElement) || undefined }),
      });
      setView(resetView(res.ok ? await res.json() : null));
    } catch {
      setView('expired');
    }
    setSaving(false);
  }

  if (view !== 'show-form') {
    return (
      <div ref={heading} tabIndex={-1} className="reset-result" role="status">
        {view === 'pass-changed' ? <ChangedView /> : view === 'mismatch' ? <MismatchView /> : <ExpiredView />}
      </div>
    );
  }
  return (
    <form method="post" className="reset-form" noValidate onSubmit={save}>
      <input type="hidden" name={FORM_FIELD} value={RESET_FORM} />
      <input type="hidden" name="x" value={token} />
      <h1>Choose a new password</h1>
      <div className="field">
        <label htmlFor="reset-password">New password</label>
        <input
          id="reset-password"
          name="np"
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(undefined);
          }}
          aria-describedby={error === HINT_LENGTH_TODO ? 'reset-hint-length reset-error' : 'reset-hint-length'}
          aria-invalid={error === HINT_LENGTH_TODO ? true : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor="reset-confirm">Confirm new password</label>
        <input
          id="reset-confirm"
          name="confirm"
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            setError(undefined);
          }}
          aria-describedby={error === HINT_MATCH_TODO ? 'reset-hint-match reset-error' : 'reset-hint-match'}
          aria-invalid={error === HINT_MATCH_TODO ? true : undefined}
        />
      </div>
      <button type="button" className="link-button" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
        {visible ? 'Hide' : 'Show'}
      </button>
      <ul className="reset-hints" aria-live="polite">
        <li id="reset-hint-length" className={longEnough ? 'is-done' : undefined}>
          {longEnough ? HINT_LENGTH_DONE : HINT_LENGTH_TODO}
        </li>
        <li id="reset-hint-match" className={matching ? 'is-done' : undefined}>
          {matching ? HINT_MATCH_DONE : HINT_MATCH_TODO}
        </li>
      </ul>
      {humanCheckSiteKey && <HumanCheck siteKey={humanCheckSiteKey} resetKey={0} />}
      <p id="reset-error" className="field-error" role="alert">
        {error}
      </p>
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
