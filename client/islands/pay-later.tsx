import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTypedEarly } from '../components/typed-early';
import { emailToken, PAY_LATER_FORM, payLaterOutcome, type PayLaterOutcome, type PayLaterResult } from '../../src/domain/pay-later';
import { looksLikeEmail } from '../../src/domain/email';
import { FORM_FIELD } from '../../src/domain/islands';
import type { PostedForm } from '../../src/domain/posted-form';
import type { PayLaterText } from '../../src/domain/catalogue';
import { fill } from '../../src/domain/catalogue/fill';
import { post } from '../components/submit';
import { PayLaterResultView } from '../components/pay-later-views';

export interface PayLaterProps {
  /** The offer's last day, written for the page's language. */
  ends: string;
  /** The token of an emailed link: the person enrols with a press of the button, no email to type. */
  token?: string;
  /** The page's words, in the visitor's language. */
  text: PayLaterText;
  /** The form as posted without script: the email and its error again. */
  posted?: PostedForm;
}

/** The email form of the pay-later opt-in. */
export default function PayLater({ ends, token, text, posted }: PayLaterProps) {
  const [email, setEmail] = useState(posted?.values.email ?? '');
  const [outcome, setOutcome] = useState<PayLaterOutcome>({ view: 'welcomeInput' });
  /** What is wrong with the email, in words: as posted without script, or as checked here. */
  const [problem, setProblem] = useState(posted?.errors.email ?? posted?.error);
  const [sending, setSending] = useState(false);
  const result = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const formRef = useTypedEarly();

  useEffect(() => {
    if (outcome.view !== 'welcomeInput') result.current?.focus();
  }, [outcome.view]);

  async function send(ue: string, from: 'welcomeInput' | 'welcomeQuery') {
    setSending(true);
    const next = await enrolment(ue, from);
    setSending(false);
    setProblem(next.view === 'welcomeInput' && next.notFound ? text.notFoundEmail : undefined);
    setOutcome(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (token) return send(token, 'welcomeQuery');
    if (!looksLikeEmail(email)) {
      setProblem(email.trim() ? text.invalidEmail : text.required);
      input.current?.focus();
      return;
    }
    return send(emailToken(email), 'welcomeInput');
  }

  if (outcome.view !== 'welcomeInput') {
    return (
      <div ref={result} tabIndex={-1} role="status" className="reset-result">
        <PayLaterResultView view={outcome.view === 'welcomeQuery' ? 'oops' : outcome.view} notFound={outcome.notFound} text={text} />
      </div>
    );
  }
  return (
    <EnrolForm
      formRef={formRef}
      onSubmit={submit}
      ends={ends}
      token={token}
      email={email}
      onEmail={setEmail}
      input={input}
      problem={problem}
      sending={sending}
      text={text}
    />
  );
}

/** Where an enrolment leads, by the server's answer; the oops view when there is none. */
async function enrolment(ue: string, from: 'welcomeInput' | 'welcomeQuery'): Promise<PayLaterOutcome> {
  let answer: PayLaterResult | null = null;
  try {
    const res = await post('/api/pay_later.php', { ue });
    answer = res.ok ? ((await res.json()) as PayLaterResult) : null;
  } catch {
    answer = null;
  }
  return payLaterOutcome(from, answer);
}

/** The opt-in form: the email to enrol (or, from an emailed link, only its token), and the offer's last day. */
function EnrolForm(props: {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent) => void;
  ends: string;
  token?: string;
  email: string;
  onEmail: (email: string) => void;
  input: RefObject<HTMLInputElement | null>;
  problem?: string;
  sending: boolean;
  text: PayLaterText;
}) {
  const { formRef, onSubmit, ends, token, email, onEmail, input, problem, sending, text } = props;
  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit}>
      <input type="hidden" name={FORM_FIELD} value={PAY_LATER_FORM} />
      <h1>{text.heading}</h1>
      <p>{fill(text.intro, { until: ends })}</p>
      {token ? (
        <>
          <input type="hidden" name="ue" value={token} />
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
        </>
      ) : (
        <div className="field">
          <label htmlFor="pay-later-email">{text.email}</label>
          <input
            ref={input}
            id="pay-later-email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => onEmail(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'pay-later-error' : undefined}
          />
          <p id="pay-later-error" className="field-error" role="alert">
            {problem}
          </p>
        </div>
      )}
      <button type="submit" className="button" disabled={sending}>
        {sending ? text.sending : text.submit}
      </button>
    </form>
  );
}
