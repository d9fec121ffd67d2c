import { useEffect, useRef, useState, type FormEvent } from 'react';
import { INTERACTIVE_TOKEN_FIELD } from '../../src/domain/human-check';
import { paymentSender } from './payment-send';
import type { PaymentFields, PaymentSteps, WebPaymentFormProps } from './payment-state';
import { humanTokenIn } from './submit';

type Status = { kind: 'idle' } | { kind: 'processing' } | { kind: 'failed'; message: string };

/** The payment's attempts: its form key, its status, its human checks, and Submit, which sends it and shows what the answer says. */
export const usePaymentAttempt: typeof usePaymentAttemptInBrowser = BROWSER_BUILD ? usePaymentAttemptInBrowser : paymentAttemptDrawn;

/** The attempt as the Worker draws it: the first key and status, and a Submit it never runs. */
function paymentAttemptDrawn(props: WebPaymentFormProps): ReturnType<typeof usePaymentAttemptInBrowser> {
  return { formKey: firstFormKey(props), status: firstStatus(props), submit: async () => {}, humanReset: 0, interactiveCheck: undefined };
}

const firstFormKey = ({ formKey, posted }: WebPaymentFormProps) => posted?.data?.formKey ?? formKey;
const failedWith = (props: WebPaymentFormProps, message: string) => props.text.form.failed.replace('{message}', message);
/** A form drawn again after a post without script says why the payment failed. */
const firstStatus = (props: WebPaymentFormProps): Status =>
  props.posted?.error ? { kind: 'failed', message: failedWith(props, props.posted.error) } : { kind: 'idle' };

function usePaymentAttemptInBrowser(props: WebPaymentFormProps, fields: PaymentFields, steps: PaymentSteps) {
  const { payeeId, flags, company, humanCheckSiteKey, text } = props;
  const { formRef } = steps;
  const words = text.form;
  const failed = (message: string) => failedWith(props, message);
  const [formKey, setFormKey] = useState(firstFormKey(props));
  const [status, setStatus] = useState<Status>(firstStatus(props));
  const [humanReset, setHumanReset] = useState(0);
  // Whether an answer asked for the interactive check.
  const [interactiveAsked, setInteractiveAsked] = useState(false);
  const declinedRef = useFocusAfterDecline(formRef, status);
  /** A human-check token is good for one attempt: the next one gets a fresh check. */
  function freshHumanCheck() {
    if (humanCheckSiteKey) setHumanReset((n) => n + 1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!steps.ready()) return;
    const humanToken = humanTokenIn(formRef.current);
    if (humanCheckSiteKey && !humanToken) return setStatus({ kind: 'failed', message: words.humanCheckFailed });
    setStatus({ kind: 'processing' });
    const asked = interactiveAsked && formRef.current?.elements.namedItem(INTERACTIVE_TOKEN_FIELD);
    const interactiveToken = asked instanceof HTMLInputElement ? asked.value : undefined;
    const sent = paymentSender({ payeeId, flags, values: fields.values, company, invoices: fields.invoices, humanToken, interactiveToken });
    try {
      // The form's key goes as it is, even one that ran out while the payer was away: the server
      // answers a key that was sent before by what became of it, and one that never was with a
      // fresh key, kept here and sent only when the payer presses Submit again. Renewed here by this
      // device's clock, or sent again by itself, a key whose answer was lost could charge twice.
      const { res, answer } = await sent(formKey);
      if (answer.expired && answer.formKey) {
        setFormKey(answer.formKey);
        freshHumanCheck();
        return setStatus({ kind: 'failed', message: words.submitAgain });
      }
      // After a decline the answer carries a new key: the corrected card goes with it, no reload.
      if (answer.formKey) setFormKey(answer.formKey);
      if (res.ok && answer.status === 'success' && answer.confirmationUrl) return window.location.replace(answer.confirmationUrl);
      freshHumanCheck();
      if (answer.interactiveCheck) setInteractiveAsked(true);
      if (answer.fields && Object.keys(answer.fields).length) steps.serverSaid(answer.fields);
      if (answer.status === 'error' && answer.message) {
        // A decline: the processor's message at the field to correct. A wrong security code keeps
        // the card number and asks for the code again; any other decline asks for the card number
        // and code again (another card, most often).
        const field = answer.field === 'cvv' ? 'cvv' : 'ccn';
        fields.declined(field, answer.message);
        declinedRef.current = field;
      }
      setStatus({ kind: 'failed', message: failed(answer.message ?? answer.error ?? words.tryAgain) });
    } catch {
      freshHumanCheck();
      setStatus({ kind: 'failed', message: failed(words.offline) });
    }
  }
  return { formKey, status, submit, humanReset, interactiveCheck: interactiveAsked ? props.interactiveCheckSiteKey : undefined };
}

/**
 * The field a decline asks to fix takes the focus once the form is enabled again: after the
 * commit that ends the processing, not in a frame that may come before it.
 */
function useFocusAfterDecline(formRef: PaymentSteps['formRef'], status: Status) {
  const focusAfterDecline = useRef<string | null>(null);
  useEffect(() => {
    const field = focusAfterDecline.current;
    if (!field || status.kind === 'processing') return;
    focusAfterDecline.current = null;
    formRef.current?.querySelector<HTMLElement>(`#wp-${field}`)?.focus();
  }, [status, formRef]);
  return focusAfterDecline;
}
