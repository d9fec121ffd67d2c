import { useEffect, useRef, useState, type FormEvent } from 'react';
import { readPhone } from '../../src/domain/phone';
import { PHONE_MASK, useMask } from '../components/mask';
import type { SmsFormText } from '../../src/domain/catalogue';
import { FORM_FIELD, SMS_FORM } from '../../src/domain/islands';
import type { PostedForm } from '../../src/domain/posted-form';
import { answerOf, HumanCheck, humanTokenIn, post } from '../components/submit';
import type { ApiError } from '../../src/domain/errors';
import { ipadAsMac } from '../../src/domain/ipad';

/** The `_form` name of text-me-a-link forms. */

export interface SmsFormProps {
  /** Prefix of the form's element ids, given by the server so they match after hydration. */
  formId: string;
  payeeId?: string;
  /** Where the form is: `p` pay page, `w` widget, `4` not-found page. */
  source: 'p' | 'w' | '4';
  /** On a phone, the store to open a few seconds after the text is sent. */
  storeUrl?: string;
  /** On a computer: the App Store, opened instead when the computer turns out to be an iPad (below). */
  appStoreUrl?: string;
  /** Its words, in the visitor's language. */
  text: SmsFormText;
  /** Turnstile site key when the human check is on. */
  humanCheckSiteKey?: string;
  /** Told when the success message shows and hides (the widget hides its closing line meanwhile). */
  onSentChange?: (sent: boolean) => void;
  /** What was posted without script: the number and its error again, or the sent message. */
  posted?: PostedForm;
}

export const SUCCESS_RESET_MS = 30_000;
export const STORE_REDIRECT_MS = 3_000;

type State = { kind: 'form'; error?: string } | { kind: 'sending' } | { kind: 'sent' };

/** Text-me-a-link: a masked US mobile number, validated here and again by the Worker. */
export default function SmsForm(props: SmsFormProps) {
  const { formId, payeeId, source, text, humanCheckSiteKey, posted } = props;
  const [phone, setPhone, state, setState, humanReset, formRef, inputRef, successRef, submit] = useSms(props);
  const errorId = `${formId}-error`;

  if (state.kind === 'sent') {
    return (
      <div className="sms-success" role="status">
        <p ref={successRef} tabIndex={-1} className="sms-success__message">
          {text.sent}
        </p>
        {posted?.data?.again ? (
          // Sent without script: a link back to the form.
          <a href={posted.data.again} className="link-button">
            {text.tryAgain}
          </a>
        ) : (
          <button type="button" className="link-button" onClick={() => setState({ kind: 'form' })}>
            {text.tryAgain}
          </button>
        )}
      </div>
    );
  }

  const error = state.kind === 'form' ? state.error : undefined;
  return (
    <form ref={formRef} method="post" className="sms-form" noValidate onSubmit={submit} data-sms-form="">
      <input type="hidden" name={FORM_FIELD} value={SMS_FORM} />
      <input type="hidden" name="source" value={source} />
      {payeeId && <input type="hidden" name="payeeId" value={payeeId} />}
      <label htmlFor={`${formId}-phone`}>{text.label}</label>
      <div className="sms-form__row">
        <input
          ref={inputRef}
          id={`${formId}-phone`}
          name="num"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          enterKeyHint="send"
          placeholder={text.placeholder}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="button" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? text.sending : text.submit}
        </button>
      </div>
      {humanCheckSiteKey && <HumanCheck siteKey={humanCheckSiteKey} resetKey={humanReset} />}
      <p id={errorId} className="field-error" role="alert">
        {error}
      </p>
      <p className="fine-print">{text.finePrint}</p>
    </form>
  );
}

/**
 * The number as typed and masked, the form's state, and Send: checked here, then sent; once sent,
 * the store after a moment. A tuple, whose names the minifier shortens (the text-me-a-link pages'
 * script budget has no room for an object's).
 */
type Sms = ReturnType<typeof useSmsSubmit>;
const useSms: (props: SmsFormProps) => Sms = BROWSER_BUILD ? useSmsSubmit : smsDrawn;

const firstPhone = ({ posted }: SmsFormProps) => posted?.values.num ?? '';
/** A form drawn again after a post without script: sent, or the number's error. */
const firstState = ({ posted }: SmsFormProps): State =>
  posted?.done ? { kind: 'sent' } : { kind: 'form', error: posted?.errors.num ?? posted?.errors.humanToken ?? posted?.error };

/** The form as the Worker draws it: its first number and state, and a Send it never runs. */
function smsDrawn(props: SmsFormProps): Sms {
  const nothing = () => {};
  const [formRef, inputRef, successRef] = [{ current: null }, { current: null }, { current: null }];
  const [phone, state] = [firstPhone(props), firstState(props)];
  return [phone, nothing, state, nothing, 0, formRef, inputRef, successRef, async () => {}] as const;
}

function useSmsSubmit(props: SmsFormProps) {
  const { payeeId, source, storeUrl, appStoreUrl, text, humanCheckSiteKey, onSentChange } = props;
  const [phone, setPhone] = useState(firstPhone(props));
  const [state, setState] = useState<State>(firstState(props));
  const [humanReset, setHumanReset] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  useMask(inputRef, PHONE_MASK, phone, setPhone);

  useEffect(() => onSentChange?.(state.kind === 'sent'), [state.kind, onSentChange]);

  useEffect(() => {
    if (state.kind !== 'sent') return;
    successRef.current?.focus();
    const timers = [setTimeout(() => setState({ kind: 'form' }), SUCCESS_RESET_MS)];
    const store = storeUrl ?? (appStoreUrl && ipadAsMac(navigator) ? appStoreUrl : undefined);
    if (store) timers.push(setTimeout(() => window.location.assign(store), STORE_REDIRECT_MS));
    return () => timers.forEach(clearTimeout);
  }, [state.kind, storeUrl, appStoreUrl]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const read = readPhone(phone);
    if ('problem' in read) {
      setState({ kind: 'form', error: read.problem === 'unreachable' ? text.unreachablePhone : text.invalidPhone });
      inputRef.current?.focus();
      return;
    }
    const num = read.digits;
    const humanToken = humanTokenIn(formRef.current);
    if (humanCheckSiteKey && !humanToken) {
      setState({ kind: 'form', error: text.humanCheckFailed });
      return;
    }
    setState({ kind: 'sending' });
    try {
      const res = await post('/api/send_sms_client.php', { num, payeeId, source, humanToken: humanToken || undefined });
      // A token is good for one check: the next send needs a new one.
      if (humanCheckSiteKey) setHumanReset((n) => n + 1);
      if (res.ok) return setState({ kind: 'sent' });
      const body = await answerOf<ApiError>(res);
      setState({ kind: 'form', error: body.fields?.num ?? body.error ?? text.sendFailed });
    } catch {
      setState({ kind: 'form', error: text.offline });
    }
    inputRef.current?.focus();
  }
  return [phone, setPhone, state, setState, humanReset, formRef, inputRef, successRef, submit] as const;
}
