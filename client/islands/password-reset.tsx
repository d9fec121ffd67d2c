import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTypedEarly } from '../components/typed-early';
import { useHydrated } from '../components/hydrated';
import type { PasswordResetText } from '../../src/domain/catalogue';
import { PASSWORD_MIN, passwordReady, RESET_FORM, resetRefusedBySite, resetView, type ResetView } from '../../src/domain/password';
import { FORM_FIELD } from '../../src/domain/islands';
import type { ApiError } from '../../src/domain/errors';
import type { PostedForm } from '../../src/domain/posted-form';
import { ChangedView, ExpiredView, MismatchView } from '../components/password-views';
import { answerOf, HumanCheck, humanTokenIn, post } from '../components/submit';

export interface PasswordResetProps {
  token: string;
  humanCheckSiteKey?: string;
  /** The page's words, in the visitor's language. */
  text: PasswordResetText;
  /** The form as posted without script: its errors (a password is never sent back). */
  posted?: PostedForm;
}

/**
 * The new-password form. The server draws it for any well-formed link; once running, the island
 * asks the backend about the link (the spec's validation call) and shows the expired or mismatch
 * view instead when it cannot be used. Without script, the save's own answer tells the same.
 */
export default function PasswordReset(props: PasswordResetProps) {
  const { token, text } = props;
  const [view, setView] = useState<ResetView>('show-form');
  const heading = useRef<HTMLDivElement>(null);
  /** Set once a save starts: its answer, not the earlier check's, decides the view. */
  const saveStarted = useRef(false);

  useEffect(() => {
    let current = true;
    const checked: Promise<ResetView> = post('/api/forgot_password_back.php', { x: token }).then(async (res) =>
      res.ok ? resetView(await res.json()) : 'expired',
    );
    checked
      .catch((): ResetView => 'expired')
      .then((answer) => {
        // A link already used answers PASSWORD_CHANGED to a check: for this visit it has expired.
        if (current && !saveStarted.current && answer !== 'show-form') setView(answer === 'pass-changed' ? 'expired' : answer);
      });
    return () => {
      current = false;
    };
  }, [token]);

  useEffect(() => {
    if (view !== 'show-form') heading.current?.focus();
  }, [view]);

  if (view !== 'show-form') {
    return (
      <div ref={heading} tabIndex={-1} className="reset-result" role="status">
        {view === 'pass-changed' ? (
          <ChangedView text={text} />
        ) : view === 'mismatch' ? (
          <MismatchView text={text} />
        ) : (
          <ExpiredView text={text} />
        )}
      </div>
    );
  }
  return (
    <ResetForm
      {...props}
      onSave={() => {
        saveStarted.current = true;
      }}
      onView={setView}
    />
  );
}

/** The new password, typed twice, and its save: the answer's view goes to the island, or the site's refusal is said here. */
function ResetForm(props: PasswordResetProps & { onSave: () => void; onView: (view: ResetView) => void }) {
  const { token, humanCheckSiteKey, text, posted, onSave, onView } = props;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState(
    posted ? (posted.errors.np ?? posted.errors.confirm ?? posted.errors.humanToken ?? posted.error) : undefined,
  );
  const formRef = useTypedEarly();
  const [humanReset, setHumanReset] = useState(0);
  const ready = passwordReady(password, confirm);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!ready) return setError(password.length < PASSWORD_MIN ? text.hintLengthTodo : text.hintMatchTodo);
    setError(undefined);
    setSaving(true);
    onSave();
    try {
      const humanToken = humanTokenIn(event.currentTarget as HTMLFormElement) || undefined;
      const res = await post('/api/forgot_password_back.php', { x: token, np: password, humanToken });
      // A check passes once: the next save needs a new one.
      if (humanCheckSiteKey) setHumanReset((n) => n + 1);
      const refusal: Partial<ApiError> = resetRefusedBySite(res.status) ? await answerOf<ApiError>(res) : {};
      // The site refused the save before asking the backend (the human check, too many links
      // tried): it says why at the form, which stays. A failure of the backend is the expired view.
      if (refusal.error) {
        setError(refusal.fields?.humanToken ?? refusal.error);
        return setSaving(false);
      }
      onView(resetView(res.ok ? await res.json() : null));
    } catch {
      onView('expired');
    }
    setSaving(false);
  }

  return (
    <form ref={formRef} method="post" className="reset-form" noValidate onSubmit={save}>
      <input type="hidden" name={FORM_FIELD} value={RESET_FORM} />
      <input type="hidden" name="x" value={token} />
      <h1>{text.heading}</h1>
      <NewPassword
        password={password}
        confirm={confirm}
        setPassword={setPassword}
        setConfirm={setConfirm}
        clearError={() => setError(undefined)}
        error={error}
        text={text}
      />
      {humanCheckSiteKey && <HumanCheck siteKey={humanCheckSiteKey} resetKey={humanReset} />}
      <p id="reset-error" className="field-error" role="alert">
        {error}
      </p>
      <SaveButton saving={saving} ready={ready} text={text} />
    </form>
  );
}

interface NewPasswordProps {
  password: string;
  confirm: string;
  setPassword: (value: string) => void;
  setConfirm: (value: string) => void;
  /** Typing a password anew clears what was said about the last one. */
  clearError: () => void;
  error?: string;
  text: PasswordResetText;
}

/** The new password, typed twice, shown or hidden together, with the two rules' hints as they hold. */
function NewPassword({ password, confirm, setPassword, setConfirm, clearError, error, text }: NewPasswordProps) {
  const [visible, setVisible] = useState(false);
  const longEnough = password.length >= PASSWORD_MIN;
  const matching = password.length > 0 && password === confirm;
  return (
    <>
      <PasswordField
        id="reset-password"
        name="np"
        label={text.newPassword}
        visible={visible}
        value={password}
        onValue={(v) => {
          setPassword(v);
          clearError();
        }}
        hint="reset-hint-length"
        invalid={error === text.hintLengthTodo}
      />
      <PasswordField
        id="reset-confirm"
        name="confirm"
        label={text.confirm}
        visible={visible}
        value={confirm}
        onValue={(v) => {
          setConfirm(v);
          clearError();
        }}
        hint="reset-hint-match"
        invalid={error === text.hintMatchTodo}
      />
      <button type="button" className="link-button" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
        {visible ? text.hide : text.show}
      </button>
      <ul className="reset-hints" aria-live="polite">
        <li id="reset-hint-length" className={longEnough ? 'is-done' : undefined}>
          {longEnough ? text.hintLengthDone : text.hintLengthTodo}
        </li>
        <li id="reset-hint-match" className={matching ? 'is-done' : undefined}>
          {matching ? text.hintMatchDone : text.hintMatchTodo}
        </li>
      </ul>
    </>
  );
}

/**
 * Enabled only once both rules hold (spec §5), yet still focusable: pressed early, it says which rule is missing.
 * Without script nothing could enable it again, so it is plainly enabled there and the server says what is missing.
 */
function SaveButton({ saving, ready, text }: { saving: boolean; ready: boolean; text: PasswordResetText }) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className="button"
      disabled={saving}
      aria-disabled={(hydrated && !ready) || undefined}
      aria-describedby="reset-error"
    >
      {saving ? text.saving : text.save}
    </button>
  );
}

/** A new password's field: shown or hidden with its twin, described by its hint (and the error, when it is about it). */
function PasswordField(props: {
  id: string;
  name: string;
  label: string;
  visible: boolean;
  value: string;
  onValue: (value: string) => void;
  hint: string;
  invalid: boolean;
}) {
  const { id, name, label, visible, value, onValue, hint, invalid } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-describedby={invalid ? `${hint} reset-error` : hint}
        aria-invalid={invalid ? true : undefined}
      />
    </div>
  );
}
