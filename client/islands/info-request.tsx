import { useEffect, useRef, useState } from 'react';
import {
  allAnswered,
  CANCEL_FAILED,
  INFO_FORM,
  INFO_RESULT_TEXT,
  INFO_RESULTS,
  infoFieldName,
  isConfirmation,
  oldAndNew,
  SUBMIT_FAILED,
  TRY_LATER,
  type Field,
  type InfoResult,
} from '../../src/domain/info-request';
import { REQUIRED } from '../../src/domain/messages';
import { FORM_FIELD } from '../../src/domain/islands';
import type { PostedForm } from '../../src/domain/posted-form';

export interface InfoRequestProps {
  token: string;
  fields: Field[];
  /** The form as posted without script: the answers and their errors, the decline question, or a failure. */
  posted?: PostedForm;
}

const CONFIRM_TITLES: Record<string, string> = {
  confirmDeadlineApproaching: 'Your bill is due soon',
  confirmAmountIncrease: 'The amount of your bill went up',
  confirmAmountIncreaseFee: 'The fee for your payment went up',
};

type Done = { kind: 'done'; title: string; text: string } | { kind: 'error'; text: string };

const result = (view: InfoResult): Done => ({ kind: 'done', title: INFO_RESULTS[view], text: INFO_RESULT_TEXT[view] });

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
export default function InfoRequest({ token, fields: initial, posted }: InfoRequestProps) {
  const [fields, setFields] = useState(() => initial.map((f, i) => ({ ...f, value: posted?.values[infoFieldName(i)] ?? f.value })));
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(posted?.data?.declining === '1');
  const [done, setDone] = useState<Done | null>(posted?.error ? { kind: 'error', text: posted.error } : null);
  const [errors, setErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const resultRef = useRef<HTMLDivElement>(null);
  const confirmation = isConfirmation(initial);
  const q = `t=${encodeURIComponent(token)}`;

  useEffect(() => {
    if (done) resultRef.current?.focus();
  }, [done]);

  async function submit(answers: Field[]) {
    setBusy(true);
    try {
      const res = await fetch(`/api/update_info_request.php?${q}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ fields: answers }),
      });
      const body = (await res.json().catch(() => null)) as { success?: boolean } | null;
      setDone(res.ok && body?.success ? result('in-progress') : { kind: 'error', text: SUBMIT_FAILED });
    } catch {
      setDone({ kind: 'error', text: SUBMIT_FAILED });
    }
    setBusy(false);
  }

  async function cancelPayment() {
    setBusy(true);
    try {
      const cancelled = await fetch(`/cancel_back.php?${q}`, { method: 'POST' });
      const body = cancelled?.ok ? ((await cancelled.json().catch(() => null)) as { success?: boolean } | null) : null;
      setDone(body?.success ? result('cancelled') : { kind: 'error', text: CANCEL_FAILED });
    } catch {
      setDone({ kind: 'error', text: CANCEL_FAILED });
    }
    setBusy(false);
  }

  if (done) {
    return (
      <div ref={resultRef} tabIndex={-1} role="status" className="reset-result">
        <h1>{done.kind === 'done' ? done.title : done.text}</h1>
        <p>{done.kind === 'done' ? done.text : TRY_LATER}</p>
      </div>
    );
  }

  if (confirmation) {
    return (
      <form method="post">
        <input type="hidden" name={FORM_FIELD} value={INFO_FORM} />
        <h1>{CONFIRM_TITLES[initial[0]!.type] ?? 'Please confirm your payment'}</h1>
        {initial.map((f) => {
          const change = oldAndNew(f.placeholder);
          return (
            <div key={f.name} className="info-change">
              <p className="info-change__name">{f.name}</p>
              {change ? (
                <p className="info-change__values">
                  <span>{change.before}</span> <span aria-hidden="true">→</span>
                  <span className="visually-hidden"> changes to </span> <strong>{change.after}</strong>
                </p>
              ) : (
                <p>{f.placeholder}</p>
              )}
            </div>
          );
        })}
        {declining ? (
          <div className="info-decline" role="group" aria-labelledby="decline-q">
            <p id="decline-q">Cancel this payment? Your bill will not be paid by Papaya.</p>
            <Answer value="cancel" busy={busy} onAct={cancelPayment}>
              Yes, cancel the payment
            </Answer>{' '}
            <Answer value="back" secondary busy={busy} onAct={() => setDeclining(false)}>
              No, go back
            </Answer>
          </div>
        ) : (
          <div className="choice-buttons">
            <Answer value="confirm" busy={busy} onAct={() => void submit(initial.map((f) => ({ ...f, value: 'confirmed' })))}>
              Confirm and pay
            </Answer>
            <Answer value="decline" secondary busy={busy} onAct={() => setDeclining(true)}>
              Decline
            </Answer>
          </div>
        )}
      </form>
    );
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const missing = Object.fromEntries(fields.flatMap((f, i) => (f.value.trim() ? [] : [[infoFieldName(i), REQUIRED]])));
        setErrors(missing);
        if (allAnswered(fields)) void submit(fields);
        else document.getElementById(`info-${fields.findIndex((f) => !f.value.trim())}`)?.focus();
      }}
    >
      <input type="hidden" name={FORM_FIELD} value={INFO_FORM} />
      <h1>Your biller needs a little more information</h1>
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
        Submit
      </button>
    </form>
  );
}
