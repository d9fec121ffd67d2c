import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  GENERIC_ERROR_BODY,
  GENERIC_ERROR_TITLE,
  GET_PAID_FORM,
  GET_PAID_VIEWS,
  getPaidCall,
  getPaidErrors,
  INVALID_CODE_TITLE,
  STATEMENT_RANGES,
  successTarget,
  type GetPaidResponse,
  type GetPaidValues,
  type GetPaidView,
  type Session,
} from '../../src/domain/get-paid';
import { FORM_FIELD } from '../../src/domain/islands';
import type { PostedForm } from '../../src/domain/posted-form';
import { SelectField, TextField } from '../components/field';

export interface GetPaidProps {
  view: GetPaidView;
  session: Session;
  invite?: string;
  billerPanelUrl: string;
  helpEmail: string;
  /** The form as posted without script: the view and session it led to, or its errors. */
  posted?: PostedForm;
}

/** The view and session a post without script led to, when they are ones this form knows. */
function postedView(posted: PostedForm | undefined): { view: GetPaidView; session: Session } | null {
  const view = GET_PAID_VIEWS.find((v) => v === posted?.data?.view);
  if (!view) return null;
  try {
    return { view, session: JSON.parse(posted?.data?.session ?? '{}') as Session };
  } catch {
    return { view, session: {} };
  }
}

type Errors = Record<string, string>;

/** The biller's way to collect a payment: each answer from the server names the next view. */
export default function GetPaid({ view: initialView, session: initialSession, invite, billerPanelUrl, helpEmail, posted }: GetPaidProps) {
  const after = postedView(posted);
  const [view, setView] = useState<GetPaidView>(after?.view ?? initialView);
  const [session, setSession] = useState<Session>(after?.session ?? initialSession);
  const [values, setValues] = useState<GetPaidValues>({
    access: '',
    signup: false,
    email: '',
    pass: '',
    confirm: '',
    fax: '',
    statements: '',
    ...posted?.values,
    ...(posted?.values.signup ? { signup: true } : {}),
  });
  const [errors, setErrors] = useState<Errors>(posted?.errors ?? {});
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
    const e = getPaidErrors(view, values);
    setErrors(e);
    if (!Object.keys(e).length) void send(getPaidCall(view, values, session, invite));
  }

  const field = (name: 'access' | 'email' | 'pass' | 'confirm' | 'fax', label: string, type = 'text', autoComplete?: string) => (
    <TextField
      id={`gp-${name}`}
      name={name}
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
  if (view === 'oops' || (view === 'preEmail' && !invite)) {
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
    <form method="post" noValidate onSubmit={submit}>
      <input type="hidden" name={FORM_FIELD} value={GET_PAID_FORM} />
      <input type="hidden" name="whichState" value={view} />
      {session.sessionToken && <input type="hidden" name="sessionToken" value={session.sessionToken} />}
      {session.payeeName && <input type="hidden" name="payeeName" value={session.payeeName} />}
      {session.amount && <input type="hidden" name="amount" value={session.amount} />}
      {invite && <input type="hidden" name="i" value={invite} />}
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
            <input
              type="checkbox"
              name="signup"
              value="1"
              checked={values.signup}
              onChange={(ev) => setValues((v) => ({ ...v, signup: ev.target.checked }))}
            />{' '}
            Sign me up to get future payments electronically
          </label>
        </>
      )}
      {view === 'preEmail' && (
        <>
          {title('Get paid with Papaya')}
          <p>You were invited to receive your payments electronically. Continue to tell us where to reach you.</p>
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
            name="statements"
            label="Statements you send a month"
            choose="Choose…"
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
