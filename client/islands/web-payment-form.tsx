import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTypedEarly } from '../components/typed-early';
import { useEnterMovesOn } from '../components/enter-moves-on';
import {
  CARD_FIELDS,
  cardChecks,
  formProblems,
  PAYER_FIELDS,
  payerChecks,
  PAYMENT_FORM,
  problemText,
  type PayeeRules,
  type PaymentFieldName,
} from '../../src/domain/payment';
import { type PaymentProblem } from '../../src/domain/field-rules';
import { FORM_FIELD } from '../../src/domain/islands';
import { INTERACTIVE_TOKEN_FIELD } from '../../src/domain/human-check';
import type { PostedForm } from '../../src/domain/posted-form';
import type { FormLabels } from '../../src/domain/web-payment-labels';
import type { PaymentFormText, PaymentProblemText } from '../../src/domain/catalogue';
import { ErrorSummary } from '../components/error-summary';
import type { MaskKind } from '../components/payment-masks';
import { CardStep } from '../components/payment-card-step';
import { fieldId, isCardField, isPayerField, labelOf, postedInvoices, type Invoice } from '../components/payment-fields';
import { PayerHidden, PayerStep, PayerSummary } from '../components/payment-payer-step';
import { humanTokenIn } from '../components/submit';
import { paymentSender, type PaymentFlags } from '../components/payment-send';

export interface WebPaymentFormProps {
  payeeId: string;
  rules: PayeeRules;
  company: boolean;
  labels: FormLabels;
  /** Query flags of the payment call. */
  flags: PaymentFlags;
  /** The form key the page issued; an answer may renew it. */
  formKey: string;
  humanCheckSiteKey?: string;
  /** The interactive check's site key: drawn only when a payment's answer asks for it. */
  interactiveCheckSiteKey?: string;
  /** Its words and its fields' problems, in the visitor's language. */
  text: { form: PaymentFormText; problems: PaymentProblemText };
  /** The form as posted without script: values (never the card number or code), errors, step, new key. */
  posted?: PostedForm;
}

type Values = Record<string, string>;
type ServerErrors = Record<string, { message: string; value: string }>;

/** Messages by field, each tied to the value it was about. */
const about = (messages: Record<string, string>, valueOf: (name: string) => string): ServerErrors =>
  Object.fromEntries(Object.entries(messages).map(([name, message]) => [name, { message, value: valueOf(name) }]));

/** The two-step web payment form: payer info, then card; submitted once per rendered key. */
export default function WebPaymentForm({
  payeeId,
  rules,
  company,
  labels,
  flags,
  formKey: issuedKey,
  humanCheckSiteKey,
  interactiveCheckSiteKey,
  text,
  posted,
}: WebPaymentFormProps) {
  const words = text.form;
  const failed = (message: string) => words.failed.replace('{message}', message);
  const [values, setValues] = useState<Values>(() => {
    const typed = Object.fromEntries(Object.entries(posted?.values ?? {}).filter(([name]) => !name.startsWith('invoices.')));
    // The card's ZIP starts as the billing ZIP of step 1, which the payer may change.
    return { amount: '', state: '', ...typed, zip: typed.zip || typed.billingZip || '' };
  });
  const [invoices, setInvoices] = useState<Invoice[]>(() => postedInvoices(posted));
  const [touched, setTouched] = useState<Set<string>>(() => new Set(Object.keys(posted?.errors ?? {})));
  const [step, setStep] = useState<'payer' | 'card'>(posted?.data?.step === 'card' ? 'card' : 'payer');
  const [formKey, setFormKey] = useState(posted?.data?.formKey ?? issuedKey);
  const [status, setStatus] = useState<{ kind: 'idle' } | { kind: 'processing' } | { kind: 'failed'; message: string }>(
    posted?.error ? { kind: 'failed', message: failed(posted.error) } : { kind: 'idle' },
  );
  // The server's messages, each with the value it was about: shown until that value changes.
  const [serverErrors, setServerErrors] = useState<ServerErrors>(() => about(posted?.errors ?? {}, (name) => posted?.values[name] ?? ''));
  const [humanReset, setHumanReset] = useState(0);
  // Whether an answer asked for the interactive check.
  const [interactiveAsked, setInteractiveAsked] = useState(false);
  // The fields named by the error summary after a failed Next or Submit (or a post without script).
  const [summary, setSummary] = useState<string[]>(() => Object.keys(posted?.errors ?? {}));
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusSummary = useRef(false);
  const formRef = useTypedEarly();
  // Enter in a field of step 1 goes to the next field, as a phone's "next" key does; in the last one it presses Next.
  useEnterMovesOn(formRef, step === 'payer');
  useEffect(() => {
    if (!focusSummary.current) return;
    focusSummary.current = false;
    summaryRef.current?.focus();
  }, [summary]);
  // The field a decline asks to fix takes the focus once the form is enabled again: after the
  // commit that ends the processing, not in a frame that may come before it.
  const focusAfterDecline = useRef<string | null>(null);
  useEffect(() => {
    const field = focusAfterDecline.current;
    if (!field || status.kind === 'processing') return;
    focusAfterDecline.current = null;
    formRef.current?.querySelector<HTMLElement>(`#wp-${field}`)?.focus();
  }, [status, formRef]);

  const payerInput = {
    ...values,
    account: company ? undefined : (values.account ?? ''),
    invoices: company ? invoices.map((i) => i.value) : undefined,
  };
  // The rules depend on the payee only; made once, they check every keystroke (as the server does).
  const payerRules = useMemo(() => payerChecks(rules, { company }), [rules, company]);
  const cardRules = useMemo(() => cardChecks(rules, new Date()), [rules]);
  const payerProblems = formProblems(payerRules, payerInput, payerInput.invoices);
  const cardProblems = formProblems(cardRules, values);
  const said = (problems: Record<string, PaymentProblem>) =>
    Object.fromEntries(Object.entries(problems).map(([name, problem]) => [name, problemText(text.problems, problem, rules)]));
  const valueOf = (name: string) =>
    name.startsWith('invoices.') ? (invoices[Number(name.slice('invoices.'.length))]?.value ?? '') : (values[name] ?? '');
  const stillAbout = Object.entries(serverErrors).filter(([name, error]) => valueOf(name) === error.value);
  const errors = { ...said(payerProblems), ...said(cardProblems), ...Object.fromEntries(stillAbout.map(([n, e]) => [n, e.message])) };
  const shown = (name: string) => (touched.has(name) ? errors[name] : undefined);

  // A mask's echo of the value it was given changes nothing, so the server's message for it stays.
  const set = (name: string, value: string) => setValues((v) => ((v[name] ?? '') === value ? v : { ...v, [name]: value }));
  const touch = (...names: string[]) => setTouched((t) => new Set([...t, ...names]));
  const bind = (name: PaymentFieldName) => ({
    name,
    label: labelOf(name, words, labels),
    value: values[name] ?? '',
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
    onBlur: () => touch(name),
    error: shown(name),
  });
  // Masked fields get their value from the mask (set is stable enough: it only writes state).
  const masked = (name: PaymentFieldName, kind: MaskKind) => ({
    name,
    label: labelOf(name, words, labels),
    kind,
    value: values[name] ?? '',
    onValue: (v: string) => set(name, v),
    onBlur: () => touch(name),
    error: shown(name),
  });

  /** Names the fields in error at the top of the step, and moves the focus there. */
  function summarize(names: string[]) {
    focusSummary.current = true;
    setSummary(names.filter((n) => errors[n]));
  }

  function next() {
    const names = [...PAYER_FIELDS, ...invoices.map((_, i) => `invoices.${i}`)];
    touch(...names);
    if (Object.keys(payerProblems).length) return summarize(names);
    setSummary([]);
    if (!values.zip && values.billingZip) set('zip', values.billingZip);
    setStep('card');
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('#wp-ccn')?.focus());
  }

  /** A human-check token is good for one attempt: the next one gets a fresh check. */
  function freshHumanCheck() {
    if (humanCheckSiteKey) setHumanReset((n) => n + 1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (step === 'payer') return next();
    touch(...CARD_FIELDS);
    if (Object.keys(cardProblems).length) return summarize([...CARD_FIELDS]);
    setSummary([]);
    const humanToken = humanTokenIn(formRef.current);
    if (humanCheckSiteKey && !humanToken) return setStatus({ kind: 'failed', message: words.humanCheckFailed });
    setStatus({ kind: 'processing' });
    const asked = interactiveAsked && formRef.current?.elements.namedItem(INTERACTIVE_TOKEN_FIELD);
    const interactiveToken = asked instanceof HTMLInputElement ? asked.value : undefined;
    const sent = paymentSender({ payeeId, flags, values, company, invoices, humanToken, interactiveToken });
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
      if (answer.fields && Object.keys(answer.fields).length) {
        setServerErrors(about(answer.fields, valueOf));
        touch(...Object.keys(answer.fields));
        if (Object.keys(answer.fields).some(isPayerField)) setStep('payer');
        focusSummary.current = true;
        setSummary(Object.keys(answer.fields));
      }
      if (answer.status === 'error' && answer.message) {
        // A decline: the processor's message at the field to correct. A wrong security code keeps
        // the card number and asks for the code again; any other decline asks for the card number
        // and code again (another card, most often).
        const field = answer.field === 'cvv' ? 'cvv' : 'ccn';
        // About the emptied field: typing the card (or code) again clears it.
        setServerErrors((e) => ({ ...e, [field]: { message: answer.message!, value: '' } }));
        setValues((v) => (field === 'cvv' ? { ...v, cvv: '' } : { ...v, ccn: '', cvv: '' }));
        // The message is at its field; the code emptied beside a card number is not yet "Required".
        setTouched((t) => new Set([...t].filter((name) => name !== 'cvv' || field === 'cvv')).add(field));
        focusAfterDecline.current = field;
      }
      setStatus({ kind: 'failed', message: failed(answer.message ?? answer.error ?? words.tryAgain) });
    } catch {
      freshHumanCheck();
      setStatus({ kind: 'failed', message: failed(words.offline) });
    }
  }

  const processing = status.kind === 'processing';
  const summaryItems = summary
    .filter((name) => errors[name] && (step === 'card' ? isCardField(name) : isPayerField(name)))
    .map((name) => ({ id: fieldId(name), label: labelOf(name, words, labels), message: errors[name]! }));
  const errorSummary = summaryItems.length > 0 && <ErrorSummary ref={summaryRef} title={words.errorSummary} items={summaryItems} />;
  // The first step's values go with the payment at the card step (the form posts them without script).
  const payerHidden = <PayerHidden values={values} company={company} invoices={invoices} />;
  return (
    <>
      <form ref={formRef} method="post" className="wp-form" noValidate onSubmit={submit}>
        <input type="hidden" name={FORM_FIELD} value={PAYMENT_FORM} />
        <input type="hidden" name="step" value={step} />
        <input type="hidden" name="formKey" value={formKey} />
        <fieldset className="wp-step" disabled={processing}>
          <legend>
            <span className="wp-step__number">1</span> {company ? words.companyStep : words.payerStep}
          </legend>
          {step === 'payer' && errorSummary}
          {step === 'card' ? (
            <PayerSummary values={values} company={company} invoices={invoices} edit={words.edit} onEdit={() => setStep('payer')} />
          ) : (
            <>
              <PayerStep
                words={words}
                labels={labels}
                rules={rules}
                company={company}
                invoices={invoices}
                setInvoices={setInvoices}
                touch={touch}
                shown={shown}
                bind={bind}
                masked={masked}
              />
            </>
          )}
        </fieldset>

        <fieldset className="wp-step" disabled={processing || step !== 'card'} hidden={step !== 'card'}>
          <legend>
            <span className="wp-step__number">2</span> {words.cardStep}
          </legend>
          {step === 'card' && errorSummary}
          <CardStep
            words={words}
            rules={rules}
            ccn={values.ccn ?? ''}
            state={values.state ?? ''}
            setState={(value) => set('state', value)}
            touch={touch}
            shown={shown}
            humanCheckSiteKey={humanCheckSiteKey}
            interactiveCheck={interactiveAsked ? interactiveCheckSiteKey : undefined}
            humanReset={humanReset}
            processing={processing}
            bind={bind}
            masked={masked}
          />
        </fieldset>
        {status.kind === 'failed' && (
          <p className="form-error" role="alert">
            {status.message}
          </p>
        )}
      </form>
      {step === 'card' && (
        // Back to the first step without script: the page is drawn again there, every value kept.
        <form id="wp-edit" method="post" hidden>
          <input type="hidden" name={FORM_FIELD} value={PAYMENT_FORM} />
          <input type="hidden" name="step" value="edit" />
          {payerHidden}
        </form>
      )}
    </>
  );
}
