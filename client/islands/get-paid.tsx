import { useEffect, useRef, useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { useTypedEarly } from '../components/typed-early';
import type { GetPaidText } from '../../src/domain/catalogue';
import {
  GET_PAID_FORM,
  GET_PAID_VIEWS,
  getPaidCall,
  getPaidErrors,
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
import { fill } from '../../src/domain/catalogue/fill';
import { post } from '../components/submit';
import { Rich } from '../components/rich';

export interface GetPaidProps {
  view: GetPaidView;
  session: Session;
  invite?: string;
  billerPanelUrl: string;
  helpEmail: string;
  /** The page's words, in the visitor's language. */
  text: GetPaidText;
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
type FieldName = 'access' | 'email' | 'pass' | 'confirm' | 'fax';
type SetValues = Dispatch<SetStateAction<GetPaidValues>>;

/** What every step of the form is drawn with: its words, its focused title, a field by name, the help address. */
interface StepParts {
  words: GetPaidText;
  title: (text: string) => ReactNode;
  field: (name: FieldName, label: string, type?: string, autoComplete?: string) => ReactNode;
  help: ReactNode;
}

/** The biller's way to collect a payment: each answer from the server names the next view. */
export default function GetPaid(props: GetPaidProps) {
  const { invite, billerPanelUrl, helpEmail, text: words } = props;
  const { view, session, values, setValues, errors, busy, heading, formRef, target, submit } = useGetPaid(props);
  const title = (text: string) => (
    <h1 ref={heading} tabIndex={-1}>
      {text}
    </h1>
  );
  const help = <a href={`mailto:${helpEmail}`}>{helpEmail}</a>;
  const parts: StepParts = { words, title, field: fieldOf(values, setValues, errors), help };

  if (target) return <div role="status">{title(view === 'successKit' ? words.brandKitOnItsWay : words.takingYou)}</div>;
  if (view === 'oops' || (view === 'preEmail' && !invite)) {
    return (
      <div role="status">
        {title(words.genericErrorTitle)}
        <p>
          <Rich text={words.genericErrorText} parts={{ help }} />
        </p>
      </div>
    );
  }
  if (view === 'oopsBeenHere') {
    return (
      <div role="status">
        {title(words.codeUsedTitle)}
        <p>
          <Rich text={words.codeUsedText} parts={{ help, signIn: <a href={billerPanelUrl}>{words.signIn}</a> }} />
        </p>
      </div>
    );
  }
  return (
    <form ref={formRef} method="post" noValidate onSubmit={submit}>
      <input type="hidden" name={FORM_FIELD} value={GET_PAID_FORM} />
      <input type="hidden" name="whichState" value={view} />
      {session.sessionToken && <input type="hidden" name="sessionToken" value={session.sessionToken} />}
      {session.payeeName && <input type="hidden" name="payeeName" value={session.payeeName} />}
      {session.amount && <input type="hidden" name="amount" value={session.amount} />}
      {invite && <input type="hidden" name="i" value={invite} />}
      {(view === 'access' || view === 'oopsTryAgain') && (
        <AccessStep {...parts} again={view === 'oopsTryAgain'} signup={values.signup} setValues={setValues} />
      )}
      <AccountStep {...parts} view={view} session={session} values={values} setValues={setValues} errors={errors} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? words.wait : view === 'setPass' ? words.createAccount : view === 'inviteForm' ? words.send : words.continue}
      </button>
    </form>
  );
}

/** The form's state and its answers: each answer from the server names the next view, and a success view its next page. */
function useGetPaid({ view: initialView, session: initialSession, invite, billerPanelUrl, text: words, posted }: GetPaidProps) {
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
  const formRef = useTypedEarly();
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
      const res = await post('/api/api_get_paid/get_paid.php', body);
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
    const e = getPaidErrors(view, values, words);
    setErrors(e);
    if (!Object.keys(e).length) void send(getPaidCall(view, values, session, invite));
  }
  return { view, session, values, setValues, errors, busy, heading, formRef, target, submit };
}

/** A text field of the form, by name: its value and its message from the form's state. */
function fieldOf(values: GetPaidValues, setValues: SetValues, errors: Errors) {
  return (name: FieldName, label: string, type = 'text', autoComplete?: string) => (
    <TextField
      id={`gp-${name}`}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      // Codes and passwords are not words: no capital letters, corrections or spell-checking.
      {...(name === 'access' || name === 'pass' || name === 'confirm'
        ? { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false }
        : {})}
      value={values[name]}
      onChange={(ev) => setValues((v) => ({ ...v, [name]: ev.target.value }))}
      error={errors[name]}
    />
  );
}

/** The access code (again, after a wrong one), and whether to sign up for electronic payments. */
function AccessStep({
  words,
  title,
  field,
  help,
  again,
  signup,
  setValues,
}: StepParts & { again: boolean; signup: boolean; setValues: SetValues }) {
  return (
    <>
      {again ? (
        <>
          {title(words.invalidCodeTitle)}
          <p>
            <Rich text={words.invalidCodeText} parts={{ help }} />
          </p>
        </>
      ) : (
        <>
          {title(words.collectTitle)}
          <p>{words.collectText}</p>
        </>
      )}
      {field('access', words.accessCodeLabel, 'text', 'one-time-code')}
      <label className="check">
        <input
          type="checkbox"
          name="signup"
          value="1"
          checked={signup}
          onChange={(ev) => setValues((v) => ({ ...v, signup: ev.target.checked }))}
        />{' '}
        {words.signUp}
      </label>
    </>
  );
}

interface AccountProps {
  view: GetPaidView;
  session: Session;
  values: GetPaidValues;
  setValues: SetValues;
  errors: Errors;
}

/** Where to reach the biller, by view: an invitation's first page, a new account's form, or the invitation's; nothing on the others. */
function AccountStep({ view, session, values, setValues, errors, words, title, field }: StepParts & AccountProps) {
  return (
    <>
      {view === 'preEmail' && (
        <>
          {title(words.inviteTitle)}
          <p>{words.preEmailText}</p>
        </>
      )}
      {view === 'setPass' && (
        <>
          {title(words.setPassTitle)}
          <p>
            {fill(
              session.payeeName
                ? session.amount
                  ? words.setPassPayeeAmount
                  : words.setPassPayee
                : session.amount
                  ? words.setPassTextAmount
                  : words.setPassText,
              { payee: session.payeeName ?? '', amount: session.amount ?? '' },
            )}
          </p>
          {field('email', words.emailLabel, 'email', 'email')}
          {field('pass', words.passwordLabel, 'password', 'new-password')}
          {field('confirm', words.confirmLabel, 'password', 'new-password')}
          {field('fax', words.faxLabel, 'tel', 'fax tel')}
        </>
      )}
      {view === 'inviteForm' && (
        <>
          {title(words.inviteTitle)}
          <p>{session.payeeName ? fill(words.inviteTextPayee, { payee: session.payeeName }) : words.inviteText}</p>
          {field('email', words.emailLabel, 'email', 'email')}
          <SelectField
            id="gp-statements"
            name="statements"
            label={words.statementsLabel}
            choose={words.choose}
            options={STATEMENT_RANGES}
            value={values.statements}
            onChange={(ev) => setValues((v) => ({ ...v, statements: ev.target.value }))}
            error={errors.statements}
          />
          {field('fax', words.faxLabel, 'tel', 'fax tel')}
        </>
      )}
    </>
  );
}
