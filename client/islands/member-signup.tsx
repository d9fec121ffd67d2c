import { useEffect, useRef, useState } from 'react';
import { MEMBERSHIP_FORM, PAYMENT_CHOICES, SERVER_ERROR, viewHref, type PaymentChoice } from '../../src/domain/membership';
import { FORM_FIELD } from '../../src/domain/islands';
import type { PostedForm } from '../../src/domain/posted-form';

export interface MemberSignupProps {
  price: string;
  cameFrom: string;
  ad: string;
  view: 1 | 2 | 3;
  /** The waitlist form as posted without script: joined, or the choice and the error again. */
  posted?: PostedForm;
}

/** Benefits, then the payment choice, then the waitlist confirmation. */
export default function MemberSignup({ price, cameFrom, ad, view: initial, posted }: MemberSignupProps) {
  const [view, setView] = useState<1 | 2 | 3>(posted?.done ? 3 : posted ? 2 : initial);
  const [choice, setChoice] = useState<PaymentChoice>(PAYMENT_CHOICES.find((c) => c === posted?.values.payment) ?? 'CARD_ON_FILE');
  const [error, setError] = useState(posted?.error ?? '');
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [view]);

  async function join(event: { preventDefault(): void }) {
    event.preventDefault();
    setSending(true);
    setError('');
    try {
      const res = await fetch(`/api/member_signup.php?${new URLSearchParams({ p: choice, f: cameFrom, a: ad })}`, { method: 'POST' });
      const body = (await res.json().catch(() => null)) as { success?: boolean } | null;
      if (res.ok && body?.success) setView(3);
      else setError(SERVER_ERROR);
    } catch {
      setError(SERVER_ERROR);
    }
    setSending(false);
  }

  if (view === 3) {
    return (
      <div>
        <h1 ref={heading} tabIndex={-1}>
          You're on the waitlist!
        </h1>
        <p>We'll let you know in the Papaya app as soon as your membership is ready. Your first month is free.</p>
      </div>
    );
  }
  if (view === 2) {
    return (
      <form method="post" onSubmit={join}>
        <input type="hidden" name={FORM_FIELD} value={MEMBERSHIP_FORM} />
        <h1 ref={heading} tabIndex={-1}>
          How would you like to pay?
        </h1>
        <p>${price} a month after your first month free. You won't be charged until your membership starts.</p>
        <fieldset className="choices">
          <legend className="visually-hidden">Payment method</legend>
          <label>
            <input
              type="radio"
              name="payment"
              value="CARD_ON_FILE"
              checked={choice === 'CARD_ON_FILE'}
              onChange={() => setChoice('CARD_ON_FILE')}
            />{' '}
            Use the card on file
          </label>
          <label>
            <input
              type="radio"
              name="payment"
              value="NEW_METHOD"
              checked={choice === 'NEW_METHOD'}
              onChange={() => setChoice('NEW_METHOD')}
            />{' '}
            Add a new payment method in the app
          </label>
        </fieldset>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Joining...' : 'Join the waitlist'}
        </button>
      </form>
    );
  }
  return (
    <div>
      <h1 ref={heading} tabIndex={-1}>
        Papaya Premium
      </h1>
      <p className="eyebrow">One month free, then ${price} a month</p>
      <ul className="benefits">
        <li>Pay any bill by card with no card fees</li>
        <li>Reminders before every due date</li>
        <li>Priority help from a real person</li>
        <li>Cancel any time in the app</li>
      </ul>
      <a
        className="button"
        href={viewHref(2, cameFrom, ad)}
        onClick={(e) => {
          e.preventDefault();
          setView(2);
        }}
      >
        Continue
      </a>
    </div>
  );
}
