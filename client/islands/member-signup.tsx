import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTypedEarly } from '../components/typed-early';
import type { MemberSignupText } from '../../src/domain/catalogue';
import { answerOf, post } from '../components/submit';
import { fill } from '../../src/domain/catalogue/fill';
import { MEMBERSHIP_FORM, PAYMENT_CHOICES, viewHref, type PaymentChoice } from '../../src/domain/membership';
import { FORM_FIELD } from '../../src/domain/islands';
import type { PostedForm } from '../../src/domain/posted-form';

export interface MemberSignupProps {
  price: string;
  cameFrom: string;
  ad: string;
  view: 1 | 2 | 3;
  /** The page's words, in the visitor's language. */
  text: MemberSignupText;
  /** The waitlist form as posted without script: joined, or the choice and the error again. */
  posted?: PostedForm;
}

/** Benefits, then the payment choice, then the waitlist confirmation. */
export default function MemberSignup({ price, cameFrom, ad, view: initial, text, posted }: MemberSignupProps) {
  const [view, setView] = useState<1 | 2 | 3>(posted?.done ? 3 : posted ? 2 : initial);
  const [choice, setChoice] = useState<PaymentChoice>(PAYMENT_CHOICES.find((c) => c === posted?.values.payment) ?? 'CARD_ON_FILE');
  const [error, setError] = useState(posted?.error ?? '');
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const formRef = useTypedEarly();
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
      const res = await post(`/api/member_signup.php?${new URLSearchParams({ p: choice, f: cameFrom, a: ad })}`);
      const body = await answerOf<{ success: boolean }>(res);
      if (res.ok && body.success) setView(3);
      else setError(text.serverError);
    } catch {
      setError(text.serverError);
    }
    setSending(false);
  }

  if (view === 3) return <Joined heading={heading} text={text} />;
  if (view === 2) {
    return (
      <HowToPay
        formRef={formRef}
        heading={heading}
        price={price}
        choice={choice}
        onChoice={setChoice}
        error={error}
        sending={sending}
        onJoin={join}
        text={text}
      />
    );
  }
  return <Benefits heading={heading} price={price} href={viewHref(2, cameFrom, ad)} onContinue={() => setView(2)} text={text} />;
}

type Heading = RefObject<HTMLHeadingElement | null>;

/** View 1: what a member gets, and the way on to the payment choice (a link without script). */
function Benefits({
  heading,
  price,
  href,
  onContinue,
  text,
}: {
  heading: Heading;
  price: string;
  href: string;
  onContinue: () => void;
  text: MemberSignupText;
}) {
  return (
    <div>
      <h1 ref={heading} tabIndex={-1}>
        {text.heading}
      </h1>
      <p className="eyebrow">{fill(text.offer, { price })}</p>
      <ul className="benefits">
        <li>{text.benefitFees}</li>
        <li>{text.benefitReminders}</li>
        <li>{text.benefitHelp}</li>
        <li>{text.benefitCancel}</li>
      </ul>
      <a
        className="button"
        href={href}
        onClick={(e) => {
          e.preventDefault();
          onContinue();
        }}
      >
        {text.continue}
      </a>
    </div>
  );
}

/** View 2: how the member will pay, and the waitlist's Join. */
function HowToPay(props: {
  formRef: RefObject<HTMLFormElement | null>;
  heading: Heading;
  price: string;
  choice: PaymentChoice;
  onChoice: (choice: PaymentChoice) => void;
  error: string;
  sending: boolean;
  onJoin: (event: FormEvent) => void;
  text: MemberSignupText;
}) {
  const { formRef, heading, price, choice, onChoice, error, sending, onJoin, text } = props;
  return (
    <form ref={formRef} method="post" onSubmit={onJoin}>
      <input type="hidden" name={FORM_FIELD} value={MEMBERSHIP_FORM} />
      <h1 ref={heading} tabIndex={-1}>
        {text.payHeading}
      </h1>
      <p>{fill(text.payText, { price })}</p>
      <fieldset className="choices">
        <legend className="visually-hidden">{text.paymentMethod}</legend>
        {PAYMENT_CHOICES.map((value) => (
          <label key={value}>
            <input type="radio" name="payment" value={value} checked={choice === value} onChange={() => onChoice(value)} />{' '}
            {value === 'CARD_ON_FILE' ? text.cardOnFile : text.newMethod}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={sending}>
        {sending ? text.joining : text.join}
      </button>
    </form>
  );
}

/** View 3: on the waitlist. */
function Joined({ heading, text }: { heading: Heading; text: MemberSignupText }) {
  return (
    <div>
      <h1 ref={heading} tabIndex={-1}>
        {text.joined}
      </h1>
      <p>{text.joinedText}</p>
    </div>
  );
}
