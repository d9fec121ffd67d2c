import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTypedEarly } from '../components/typed-early';
import type { InfoRequestText } from '../../src/domain/catalogue';
import {
  allAnswered,
  INFO_FORM,
  INFO_RESULTS,
  infoFieldName,
  isConfirmation,
  oldAndNew,
  type Field,
  type InfoResult,
} from '../../src/domain/info-request';
import { answerOf, post } from '../components/submit';
import { FORM_FIELD } from '../../src/domain/islands';
import type { PostedForm } from '../../src/domain/posted-form';

export interface InfoRequestProps {
  token: string;
  fields: Field[];
  /** The page's words, in the visitor's language. */
  text: InfoRequestText;
  /** The form as posted without script: the answers and their errors, the decline question, or a failure. */
  posted?: PostedForm;
}

/** The confirmation kinds with a title of their own. */
const CONFIRM_TITLES = ['confirmDeadlineApproaching', 'confirmAmountIncrease', 'confirmAmountIncreaseFee'] as const;
const confirmTitle = (type: string, text: InfoRequestText) =>
  (CONFIRM_TITLES as readonly string[]).includes(type) ? text[type as (typeof CONFIRM_TITLES)[number]] : text.confirmPayment;

type Done = { kind: 'done'; title: string; text: string } | { kind: 'error'; text: string };

/** A button that posts its answer without script, and with script acts here instead. */
function Answer({
  value,
  secondary,
  busy,
  onAct,
  children,
}: {
  value: string;
  secondary?: boolean;
  busy: boolean;
  onAct: () => void;
  children: string;
}) {
  return (
    <button
      type="submit"
      name="answer"
      value={value}
      className={secondary ? 'button button--secondary' : 'button'}
      disabled={busy}
      onClick={(event) => {
        event.preventDefault();
        onAct();
      }}
    >
      {children}
    </button>
  );
}

/** Answers a bill-info request: confirm (or decline) a change, or fill in what the biller needs. */
export default function InfoRequest(props: InfoRequestProps) {
  return isConfirmation(props.fields) ? <Confirmation {...props} /> : <Questions {...props} />;
}

/**
 * What both kinds of request share: the answer's post, the busy state while it goes, and the
 * result it leads to, drawn in place of the form (`Result`) and focused.
 */
function useAnswer({ token, text, posted }: InfoRequestProps) {
  const result = (view: InfoResult): Done => ({ kind: 'done', title: text[INFO_RESULTS[view].title], text: text[INFO_RESULTS[view].text] });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Done | null>(posted?.error ? { kind: 'error', text: posted.error } : null);
  const resultRef = useRef<HTMLDivElement>(null);
  const formRef = useTypedEarly();
  const q = `t=${encodeURIComponent(token)}`;

  useEffect(() => {
    if (done) resultRef.current?.focus();
  }, [done]);

  async function submit(answers: Field[]) {
    setBusy(true);
    try {
      const res = await post(`/api/update_info_request.php?${q}`, { fields: answers });
      const body = await answerOf<{ success: boolean }>(res);
      setDone(res.ok && body.success ? result('in-progress') : { kind: 'error', text: text.submitFailed });
    } catch {
      setDone({ kind: 'error', text: text.submitFailed });
    }
    setBusy(false);
  }

  async function cancelPayment() {
    setBusy(true);
    try {
      const cancelled = await post(`/cancel_back.php?${q}`);
      const body: { success?: boolean } = cancelled.ok ? await answerOf<{ success: boolean }>(cancelled) : {};
      setDone(body.success ? result('cancelled') : { kind: 'error', text: text.cancelFailed });
    } catch {
      setDone({ kind: 'error', text: text.cancelFailed });
    }
    setBusy(false);
  }

  return { busy, done, resultRef, formRef, submit, cancelPayment };
}

/** Where the answer led: the request's new state, or why it failed. */
function Result({ done, resultRef, text }: { done: Done; resultRef: RefObject<HTMLDivElement | null>; text: InfoRequestText }) {
  return (
    <div ref={resultRef} tabIndex={-1} role="status" className="reset-result">
      <h1>{done.kind === 'done' ? done.title : done.text}</h1>
      <p>{done.kind === 'done' ? done.text : text.tryLater}</p>
    </div>
  );
}

/** A change to confirm: each value before and after, then Confirm and pay, or Decline and whether to cancel the payment. */
function Confirmation(props: InfoRequestProps) {
  const { fields, text, posted } = props;
  const [declining, setDeclining] = useState(posted?.data?.declining === '1');
  const { busy, done, resultRef, formRef, submit, cancelPayment } = useAnswer(props);
  if (done) return <Result done={done} resultRef={resultRef} text={text} />;
  return (
    <form ref={formRef} method="post">
      <input type="hidden" name={FORM_FIELD} value={INFO_FORM} />
      <h1>{confirmTitle(fields[0]!.type, text)}</h1>
      {fields.map((f) => {
        const change = oldAndNew(f.placeholder);
        return (
          <div key={f.name} className="info-change">
            <p className="info-change__name">{f.name}</p>
            {change ? (
              <p className="info-change__values">
                <span>{change.before}</span> <span aria-hidden="true">→</span>
                <span className="visually-hidden"> {text.changesTo} </span> <strong>{change.after}</strong>
              </p>
            ) : (
              <p>{f.placeholder}</p>
            )}
          </div>
        );
      })}
      {declining ? (
        <div className="info-decline" role="group" aria-labelledby="decline-q">
          <p id="decline-q">{text.cancelQuestion}</p>
          <Answer value="cancel" busy={busy} onAct={cancelPayment}>
            {text.cancelYes}
          </Answer>{' '}
          <Answer value="back" secondary busy={busy} onAct={() => setDeclining(false)}>
            {text.cancelNo}
          </Answer>
        </div>
      ) : (
        <div className="choice-buttons">
          <Answer value="confirm" busy={busy} onAct={() => void submit(fields.map((f) => ({ ...f, value: 'confirmed' })))}>
            {text.confirmAndPay}
          </Answer>
          <Answer value="decline" secondary busy={busy} onAct={() => setDeclining(true)}>
            {text.decline}
          </Answer>
        </div>
      )}
    </form>
  );
}

/** What the biller needs, a field each: every one must be filled in before the answers go. */
function Questions(props: InfoRequestProps) {
  const { fields: initial, text, posted } = props;
  const [fields, setFields] = useState(() => initial.map((f, i) => ({ ...f, value: posted?.values[infoFieldName(i)] ?? f.value })));
  const [errors, setErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const { busy, done, resultRef, formRef, submit } = useAnswer(props);
  if (done) return <Result done={done} resultRef={resultRef} text={text} />;
  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const missing = Object.fromEntries(fields.flatMap((f, i) => (f.value.trim() ? [] : [[infoFieldName(i), text.required]])));
        setErrors(missing);
        if (allAnswered(fields)) void submit(fields);
        else document.getElementById(`info-${fields.findIndex((f) => !f.value.trim())}`)?.focus();
      }}
    >
      <input type="hidden" name={FORM_FIELD} value={INFO_FORM} />
      <h1>{text.moreInfo}</h1>
      {fields.map((f, i) => (
        <div className="field" key={f.name}>
          <label htmlFor={`info-${i}`}>{f.name}</label>
          <input
            id={`info-${i}`}
            name={infoFieldName(i)}
            value={f.value}
            placeholder={f.placeholder}
            aria-invalid={errors[infoFieldName(i)] ? true : undefined}
            aria-describedby={errors[infoFieldName(i)] ? `info-${i}-error` : undefined}
            onChange={(e) => setFields((list) => list.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
          />
          <p id={`info-${i}-error`} className="field-error" role={errors[infoFieldName(i)] ? 'alert' : undefined}>
            {errors[infoFieldName(i)]}
          </p>
        </div>
      ))}
      <button type="submit" className="button" disabled={busy}>
        {text.submit}
      </button>
    </form>
  );
}
