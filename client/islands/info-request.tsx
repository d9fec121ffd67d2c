import { useEffect, useRef, useState } from 'react';
import {
  allAnswered,
  CANCEL_FAILED,
  CANCELLED,
  IN_PROGRESS,
  isConfirmation,
  oldAndNew,
  SUBMIT_FAILED,
  TRY_LATER,
  type Field,
} from '../../src/domain/info-request';

export interface InfoRequestProps {
  token: string;
  fields: Field[];
}

const CONFIRM_TITLES: Record<string, string> = {
  confirmDeadlineApproaching: 'Your bill is due soon',
  confirmAmountIncrease: 'The amount of your bill went up',
  confirmAmountIncreaseFee: 'The fee for your payment went up',
};

type Done = { kind: 'done'; title: string; text: string } | { kind: 'error'; text: string };

/** Answers a bill-info request: confirm (or decline) a change, or fill in what the biller needs. */
export default function InfoRequest({ token, fields: initial }: InfoRequestProps) {
  const [fields, setFields] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const confirmation = isConfirmation(initial);
  const q = `t=${encodeURIComponent(token)}`;

  useEffect(() => {
    if (done) result.current?.focus();
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
      setDone(
        res.ok && body?.success
          ? { kind: 'done', title: IN_PROGRESS, text: 'Thank you. We will finish paying your bill.' }
          : { kind: 'error', text: SUBMIT_FAILED },
      );
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
      setDone(
        body?.success ? { kind: 'done', title: CANCELLED, text: 'This payment will not be made.' } : { kind: 'error', text: CANCEL_FAILED },
      );
    } catch {
      setDone({ kind: 'error', text: CANCEL_FAILED });
    }
    setBusy(false);
  }

  if (done) {
    return (
      <div ref={result} tabIndex={-1} role="status" className="reset-result">
        <h1>{done.kind === 'done' ? done.title : done.text}</h1>
        <p>{done.kind === 'done' ? done.text : TRY_LATER}</p>
      </div>
    );
  }

  if (confirmation) {
    return (
      <div>
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
            <button type="button" className="button" disabled={busy} onClick={cancelPayment}>
              Yes, cancel the payment
            </button>{' '}
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setDeclining(false)}>
              No, go back
            </button>
          </div>
        ) : (
          <div className="choice-buttons">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => submit(initial.map((f) => ({ ...f, value: 'confirmed' })))}
            >
              Confirm and pay
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setDeclining(true)}>
              Decline
            </button>
          </div>
        )}
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (allAnswered(fields)) void submit(fields);
      }}
    >
      <h1>Your biller needs a little more information</h1>
      {fields.map((f, i) => (
        <div className="field" key={f.name}>
          <label htmlFor={`info-${i}`}>{f.name}</label>
          <input
            id={`info-${i}`}
            value={f.value}
            placeholder={f.placeholder}
            onChange={(e) => setFields((list) => list.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
          />
        </div>
      ))}
      <button type="submit" className="button" disabled={busy || !allAnswered(fields)}>
        Submit
      </button>
    </form>
  );
}
