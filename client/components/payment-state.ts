import { useEffect, useMemo, useRef, useState } from 'react';
import {
  CARD_FIELDS,
  cardChecks,
  formProblems,
  PAYER_FIELDS,
  payerChecks,
  problemText,
  type PayeeRules,
  type PaymentFieldName,
} from '../../src/domain/payment';
import type { PaymentProblem } from '../../src/domain/field-rules';
import type { PostedForm } from '../../src/domain/posted-form';
import type { FormLabels } from '../../src/domain/web-payment-labels';
import type { PaymentFormText, PaymentProblemText } from '../../src/domain/catalogue';
import { useEnterMovesOn } from './enter-moves-on';
import { fieldId, isCardField, isPayerField, labelOf, postedInvoices, type Invoice } from './payment-fields';
import type { MaskKind } from './payment-masks';
import type { PaymentFlags } from './payment-send';
import { useTypedEarly } from './typed-early';

/** The card form's fields and steps (client/islands/web-payment-form.tsx); its submit is in `payment-submit.ts`. */

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

/** The fields: their values, which were touched, and what is wrong with each, bound to the steps' fields by name. */
export function usePaymentFields(props: WebPaymentFormProps) {
  const { labels, text, posted } = props;
  const [values, setValues] = useState<Values>(() => {
    const typed = Object.fromEntries(Object.entries(posted?.values ?? {}).filter(([name]) => !name.startsWith('invoices.')));
    // The card's ZIP starts as the billing ZIP of step 1, which the payer may change.
    return { amount: '', state: '', ...typed, zip: typed.zip || typed.billingZip || '' };
  });
  const [invoices, setInvoices] = useState<Invoice[]>(() => postedInvoices(posted));
  const [touched, setTouched] = useState<Set<string>>(() => new Set(Object.keys(posted?.errors ?? {})));
  // The server's messages, each with the value it was about: shown until that value changes.
  const [serverErrors, setServerErrors] = useState<ServerErrors>(() => about(posted?.errors ?? {}, (name) => posted?.values[name] ?? ''));
  const [errors, payerProblems, cardProblems, valueOf] = usePaymentChecks(props, values, invoices, serverErrors);
  const shown = (name: string) => (touched.has(name) ? errors[name] : undefined);
  // A mask's echo of the value it was given changes nothing, so the server's message for it stays.
  const set = (name: string, value: string) => setValues((v) => ((v[name] ?? '') === value ? v : { ...v, [name]: value }));
  const touch = (...names: string[]) => setTouched((t) => new Set([...t, ...names]));
  const bind = (name: PaymentFieldName) => ({
    name,
    label: labelOf(name, text.form, labels),
    value: values[name] ?? '',
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
    onBlur: () => touch(name),
    error: shown(name),
  });
  // Masked fields get their value from the mask (set is stable enough: it only writes state).
  const masked = (name: PaymentFieldName, kind: MaskKind) => ({
    name,
    label: labelOf(name, text.form, labels),
    kind,
    value: values[name] ?? '',
    onValue: (v: string) => set(name, v),
    onBlur: () => touch(name),
    error: shown(name),
  });
  /** The server's messages at their fields, each until its value changes. */
  function serverSaid(messages: Record<string, string>) {
    setServerErrors(about(messages, valueOf));
    touch(...Object.keys(messages));
  }
  /** A decline's message at the field to type again, emptied: typing the card (or code) again clears it. */
  function declined(field: 'cvv' | 'ccn', message: string) {
    setServerErrors((e) => ({ ...e, [field]: { message, value: '' } }));
    setValues((v) => (field === 'cvv' ? { ...v, cvv: '' } : { ...v, ccn: '', cvv: '' }));
    // The message is at its field; the code emptied beside a card number is not yet "Required".
    setTouched((t) => new Set([...t].filter((name) => name !== 'cvv' || field === 'cvv')).add(field));
  }
  return { values, invoices, setInvoices, errors, payerProblems, cardProblems, touch, set, shown, bind, masked, serverSaid, declined };
}

export type PaymentFields = ReturnType<typeof usePaymentFields>;

/** Each field's message: the field rules' (checked here as the server checks them), then the server's while its value stays. */
function usePaymentChecks({ rules, company, text }: WebPaymentFormProps, values: Values, invoices: Invoice[], serverErrors: ServerErrors) {
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
  const errors: Values = {
    ...said(payerProblems),
    ...said(cardProblems),
    ...Object.fromEntries(stillAbout.map(([n, e]) => [n, e.message])),
  };
  return [errors, payerProblems, cardProblems, valueOf] as const;
}

/** The step shown, the error summary at its top, and where the focus goes as the visitor moves between the steps. */
export function usePaymentSteps({ labels, text, posted }: WebPaymentFormProps, fields: PaymentFields) {
  const [step, setStep] = useState<'payer' | 'card'>(posted?.data?.step === 'card' ? 'card' : 'payer');
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
  /** Names the fields at the top of the step, and moves the focus there. */
  function showSummary(names: string[]) {
    focusSummary.current = true;
    setSummary(names);
  }
  /** Whether the fields named pass their checks; if not, the summary names those in error. */
  function passed(names: string[], problems: object) {
    fields.touch(...names);
    const ok = !Object.keys(problems).length;
    if (ok) setSummary([]);
    else showSummary(names.filter((n) => fields.errors[n]));
    return ok;
  }
  /** Whether Submit sends the payment: on step 1 it is Next, which moves on to the card once the step passes. */
  function ready() {
    if (step === 'card') return passed([...CARD_FIELDS], fields.cardProblems);
    const { values } = fields;
    if (!passed([...PAYER_FIELDS, ...fields.invoices.map((_, i) => `invoices.${i}`)], fields.payerProblems)) return false;
    if (!values.zip && values.billingZip) fields.set('zip', values.billingZip);
    setStep('card');
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('#wp-ccn')?.focus());
    return false;
  }
  /** The server's messages at their fields, named at the top of their step (step 1 when one is about it). */
  function serverSaid(messages: Record<string, string>) {
    const names = Object.keys(messages);
    fields.serverSaid(messages);
    if (names.some(isPayerField)) setStep('payer');
    showSummary(names);
  }
  const items = summary
    .filter((name) => fields.errors[name] && (step === 'card' ? isCardField(name) : isPayerField(name)))
    .map((name) => ({ id: fieldId(name), label: labelOf(name, text.form, labels), message: fields.errors[name]! }));
  return { step, setStep, items, summaryRef, formRef, ready, serverSaid };
}

export type PaymentSteps = ReturnType<typeof usePaymentSteps>;
