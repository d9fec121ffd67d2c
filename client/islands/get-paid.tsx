import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ACCESS_CODE_HINT,
  accessCodeValid,
  EMAIL_HINT,
  GENERIC_ERROR_BODY,
  GENERIC_ERROR_TITLE,
  getPaidEmailValid,
  INVALID_CODE_TITLE,
  PASSWORD_HINT,
  PASSWORD_MATCH_HINT,
  STATEMENT_RANGES,
  STATEMENTS_HINT,
  successTarget,
  type GetPaidResponse,
  type GetPaidView,
  type Session,
} from '../../src/domain/get-paid';
import { SelectField, TextField } from '../components/field';

export interface GetPaidProps {
  view: GetPaidView;
  session: Session;
  invite?: string;
  billerPanelUrl: string;
  helpEmail: string;
}

type Errors = Record<string, string>;

/** The biller's way to collect a payment: each answer from the server names the next view. */
export default function GetPaid({ view: initialView, session: initialSession, invite, billerPanelUrl, helpEmail }: GetPaidProps) {
  const [view, setView] = useState<GetPaidView>(initialView);
  const [session, setSession] = useState<Session>(initialSession);
  const [values, setValues] = useState({ access: '', signup: false, email: '', pass: '', confirm: '', fax: '', statements: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const target = successTarget(view, session, billerPanelUrl);

  useEffect(() => {
    if (!first.current) heading.current?.focus();
    first.current = false;
    if (target) window.location.assign(target);
  }, [view, target]);

  async function send(body: Record<string, unknown>) {
    setBusy(true);
    try {
      const res = await fetch('/api/api_get_paid/get_paid.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      // Too many wrong codes: the lock and how long it lasts, at the code field.
      if (res.status === 429) {
        const { fields } = (await res.json()) as { fields?: Record<string, string> };
        setErrors(fields ?? {});
        setBusy(false);
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      const { nextView, ...rest } = (await res.json()) as GetPaidResponse;
      setSession(rest);
      setView(nextView);
    } catch {
      // A failed call shows the generic error view, never a spinner that keeps turning.
      setView('oops');
    }
    setBusy(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const e: Errors = {};
    if (view === 'access' || view === 'oopsTryAgain') {
      if (!accessCodeValid(values.access)) e.access = ACCESS_CODE_HINT;
      setErrors(e);
      if (!Object.keys(e).length) void send({ whichState: view, access: values.access.trim(), signup: values.signup });
    } else if (view === 'setPass') {
      if (!getPaidEmailValid(values.email)) e.email = EMAIL_HINT;
      if (values.pass.length < 8) e.pass = PASSWORD_HINT;
      else if (values.pass !== values.confirm) e.confirm = PASSWORD_MATCH_HINT;
      setErrors(e);
      if (!Object.keys(e).length)
        void send({
          whichState: 'setPass',
          sessionToken: session.sessionToken,
          email: values.email.trim(),
          pass: values.pass,
          fax: values.fax.trim(),
        });
    } else if (view === 'inviteForm') {
      if (!getPaidEmailValid(values.email)) e.email = EMAIL_HINT;
      if (!values.statements) e.statements = STATEMENTS_HINT;
      setErrors(e);
      if (!Object.keys(e).length)
        void send({
          whichState: 'inviteForm',
          sessionToken: session.sessionToken,
          i: invite,
          email: values.email.trim(),
          statements: values.statements,
          fax: values.fax.trim(),
        });
    }
  }

  const field = (name: 'access' | 'email' | 'pass' | 'confirm' | 'fax', label: string, type = 'text', autoComplete?: string) => (
    <TextField
      id={`gp-${name}`}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(ev) => setValues((v) => ({ ...v, [name]: ev.target.value }))}
      error={errors[name]}
    />
  );
  const title = (text: string) => (
    <h1 ref={heading} tabIndex={-1}>
      {text}
    </h1>
  );
  const help = <a href={`mailto:${helpEmail}`}>{helpEmail}</a>;

  if (target)
    return (
      <div role="status">
        {title(view === 'successKit' ? 'Thank you! Your brand kit is on its way.' : 'Success! Taking you to your payments...')}
      </div>
    );
  if (view === 'oops' || view === 'preEmail') {
    return (
      <div role="status">
        {title(GENERIC_ERROR_TITLE)}
        <p>
          {GENERIC_ERROR_BODY} at {help}.
        </p>
      </div>
    );
  }
  if (view === 'oopsBeenHere') {
    return (
      <div role="status">
        {title('This code has already been used')}
        <p>
          The payment for this code has been claimed. <a href={billerPanelUrl}>Sign in to see your payments</a>, or contact us at {help}.
        </p>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit}>
      {(view === 'access' || view === 'oopsTryAgain') && (
        <>
          {view === 'oopsTryAgain' ? (
            <>
              {title(INVALID_CODE_TITLE)}
              <p>
                The code you entered is invalid or has expired. Please check the code on your payment notice. If it has expired, the payment
                may have been delivered another way. Contact us at {help}, or enter the code again.
              </p>
            </>
          ) : (
            <>
              {title('Collect your payment')}
              <p>Enter the access code from the payment notice you received by mail or fax.</p>
            </>
          )}
          {field('access', 'Access code', 'text', 'one-time-code')}
          <label className="check">
            <input type="checkbox" checked={values.signup} onChange={(ev) => setValues((v) => ({ ...v, signup: ev.target.checked }))} />{' '}
            Sign me up to get future payments electronically
          </label>
        </>
      )}
      {view === 'setPass' && (
        <>
          {title('Set up your account')}
          <p>
            {session.payeeName ? `${session.payeeName}, create` : 'Create'} a password to collect your payment
            {session.amount ? ` of $${session.amount}` : ''}.
          </p>
          {field('email', 'Email', 'email', 'email')}
          {field('pass', 'Password', 'password', 'new-password')}
          {field('confirm', 'Confirm password', 'password', 'new-password')}
          {field('fax', 'Fax (optional)', 'tel', 'tel')}
        </>
      )}
      {view === 'inviteForm' && (
        <>
          {title('Get paid with Papaya')}
          <p>Tell us where to reach you and we will set up electronic payments{session.payeeName ? ` for ${session.payeeName}` : ''}.</p>
          {field('email', 'Email', 'email', 'email')}
          <SelectField
            id="gp-statements"
            label="Statements you send a month"
            options={STATEMENT_RANGES}
            value={values.statements}
            onChange={(ev) => setValues((v) => ({ ...v, statements: ev.target.value }))}
            error={errors.statements}
          />
          {field('fax', 'Fax (optional)', 'tel', 'tel')}
        </>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Please wait...' : view === 'setPass' ? 'Create account' : view === 'inviteForm' ? 'Send' : 'Continue'}
      </button>
    </form>
  );
}
