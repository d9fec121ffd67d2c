import { useEffect, useRef, useState, type FormEvent } from 'react';
import { emailToken, PAY_LATER_FORM, payLaterOutcome, type PayLaterOutcome, type PayLaterResult } from '../../src/domain/pay-later';
import { looksLikeEmail } from '../../src/domain/email';
import { FORM_FIELD } from '../../src/domain/islands';
import type { PostedForm } from '../../src/domain/posted-form';
import { INVALID_EMAIL, REQUIRED } from '../../src/domain/messages';
import { PayLaterResultView } from '../components/pay-later-views';

export interface PayLaterProps {
  until: string;
  /** The token of an emailed link: the person enrols with a press of the button, no email to type. */
  token?: string;
  /** The form as posted without script: the email and its error again. */
  posted?: PostedForm;
}

/** The email form of the pay-later opt-in. */
export default function PayLater({ until, token, posted }: PayLaterProps) {
  const [email, setEmail] = useState(posted?.values.email ?? '');
  const [outcome, setOutcome] = useState<PayLaterOutcome>({
    view: 'welcomeInput',
    inlineError: posted?.errors.email ?? posted?.error,
  });
  const [sending, setSending] = useState(false);
  const result = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (outcome.view !== 'welcomeInput') result.current?.focus();
  }, [outcome.view]);

  async function send(ue: string, from: 'welcomeInput' | 'welcomeQuery') {
    setSending(true);
    let answer: PayLaterResult | null = null;
    try {
      const res = await fetch('/api/pay_later.php', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ue }),
      });
      answer = res.ok ? ((await res.json()) as PayLaterResult) : null;
    } catch {
      answer = null;
    }
    setSending(false);
    setOutcome(payLaterOutcome(from, answer));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (token) return send(token, 'welcomeQuery');
    if (!looksLikeEmail(email)) {
      setOutcome({ view: 'welcomeInput', inlineError: email.trim() ? INVALID_EMAIL : REQUIRED });
      input.current?.focus();
      return;
    }
    return send(emailToken(email), 'welcomeInput');
  }

  if (outcome.view !== 'welcomeInput') {
    return (
      <div ref={result} tabIndex={-1} role="status" className="reset-result">
        <PayLaterResultView view={outcome.view === 'welcomeQuery' ? 'oops' : outcome.view} notFound={outcome.notFound} />
      </div>
    );
  }
  const until_ = new Date(`${until}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <form method="post" noValidate onSubmit={submit}>
      <input type="hidden" name={FORM_FIELD} value={PAY_LATER_FORM} />
      <h1>Pay your bills now, pay us back in two weeks</h1>
      <p>Papaya members can get a two-week advance on bill payments, with no fees or interest. Offer ends {until_}.</p>
      {token ? (
        <>
          <input type="hidden" name="ue" value={token} />
          {outcome.inlineError && (
            <p className="field-error" role="alert">
              {outcome.inlineError}
            </p>
          )}
        </>
      ) : (
        <div className="field">
          <label htmlFor="pay-later-email">Email you use with Papaya</label>
          <input
            ref={input}
            id="pay-later-email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={outcome.inlineError ? true : undefined}
            aria-describedby={outcome.inlineError ? 'pay-later-error' : undefined}
          />
          <p id="pay-later-error" className="field-error" role="alert">
            {outcome.inlineError}
          </p>
        </div>
      )}
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Sending...' : 'Get my advance'}
      </button>
    </form>
  );
}
