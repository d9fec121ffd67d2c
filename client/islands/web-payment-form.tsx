import { useEffect, useMemo, useRef, useState, type FormEvent, type ComponentProps } from 'react';
import { useTypedEarly } from '../components/typed-early';
import { acceptedBrands, brandAccepted, BRAND_NAMES, cardBrand, cardDigits } from '../../src/domain/card';
import {
  accountIsNumeric,
  CARD_FIELDS,
  cardFields,
  formProblems,
  PAYER_FIELDS,
  payerFields,
  PAYMENT_FORM,
  problemText,
  shownAmount,
  type PayeeRules,
  type PaymentProblem,
} from '../../src/domain/payment';
import { FORM_FIELD } from '../../src/domain/islands';
import { FORM_KEY_PATH, formKeyRanOut } from '../../src/domain/form-key';
import type { PostedForm } from '../../src/domain/posted-form';
import { US_STATES } from '../../src/domain/us-states';
import type { FormLabels } from '../../src/domain/web-payment-labels';
import type { PaymentFormText, PaymentProblemText } from '../../src/domain/catalogue';
import { LANGUAGE_PARAM, type Language } from '../../src/domain/catalogue/languages';
import { ErrorSummary } from '../components/error-summary';
import { SelectField, TextField } from '../components/field';
import { useMask } from '../components/mask';
import { loadPaymentMasks, PAYMENT_MASKS, type MaskKind } from '../components/payment-masks';
import { answerOf, HumanCheck, humanTokenIn, post } from '../components/submit';
import type { ApiError } from '../../src/domain/errors';
import type { DeclineField } from '../../src/domain/declines';

export interface WebPaymentFormProps {
  payeeId: string;
  rules: PayeeRules;
  company: boolean;
  labels: FormLabels;
  /** Query flags of the payment call. */
  flags: { optE: boolean; silent: boolean; generic: boolean; language?: Language };
  idempotencyKey: string;
  humanCheckSiteKey?: string;
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
type Invoice = { id: number; value: string };

const isPayerField = (name: string) => (PAYER_FIELDS as readonly string[]).includes(name) || name.startsWith('invoices.');
const isCardField = (name: string) => (CARD_FIELDS as readonly string[]).includes(name);

/** A field of this form: its id and name come from the payment field it holds. */
function Field({
  name,
  id,
  ...props
}: { name: string; id?: string; label: string; error?: string; hint?: string } & ComponentProps<'input'>) {
  return <TextField id={id ?? `wp-${name}`} name={name} quiet {...props} />;
}

/** A field with an imask mask: its value kept in step with the form's state. */
function MaskedField({
  kind,
  value,
  onValue,
  ...props
}: { kind: MaskKind; name: string; label: string; value: string; onValue: (v: string) => void; error?: string; hint?: string } & Omit<
  ComponentProps<'input'>,
  'value' | 'onChange'
>) {
  const ref = useRef<HTMLInputElement>(null);
  useMask(ref, PAYMENT_MASKS[kind], value, onValue, loadPaymentMasks);
  return <Field ref={ref} value={value} onChange={(e) => onValue(e.target.value)} {...props} />;
}

/** A fresh submit key for the payee, or nothing when it cannot be had (the server's answer then renews it). */
async function freshFormKey(payeeId: string): Promise<string | undefined> {
  try {
    const res = await fetch(`${FORM_KEY_PATH}?${new URLSearchParams({ p: payeeId })}`);
    return res.ok ? ((await res.json()) as { formKey?: string }).formKey : undefined;
  } catch {
    return undefined;
  }
}

/** Codes, not words: no capital letters, corrections or spell-checking (which may send the text to a server). */
const CODE = { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

/** The element id of a field of this form (`invoices.1` is `wp-invoices-1`). */
const fieldId = (name: string) => `wp-${name.replace(/\./g, '-')}`;

/** The invoices as typed, from what was posted without script (`invoices.0`, `invoices.1`, …). */
function postedInvoices(posted: PostedForm | undefined): Invoice[] {
  const typed = Object.entries(posted?.values ?? {})
    .filter(([name]) => name.startsWith('invoices.'))
    .map(([name, value]) => ({ id: Number(name.slice('invoices.'.length)) + 1, value }));
  return typed.length ? typed : [{ id: 1, value: '' }];
}

/** The two-step web payment form: payer info, then card; submitted once per rendered key. */
export default function WebPaymentForm({
  payeeId,
  rules,
  company,
  labels,
  flags,
  idempotencyKey,
  humanCheckSiteKey,
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
  const [formKey, setFormKey] = useState(posted?.data?.formKey ?? idempotencyKey);
  const [status, setStatus] = useState<{ kind: 'idle' } | { kind: 'processing' } | { kind: 'failed'; message: string }>(
    posted?.error ? { kind: 'failed', message: failed(posted.error) } : { kind: 'idle' },
  );
  // The server's messages, each with the value it was about: shown until that value changes.
  const [serverErrors, setServerErrors] = useState<ServerErrors>(() => about(posted?.errors ?? {}, (name) => posted?.values[name] ?? ''));
  const [humanReset, setHumanReset] = useState(0);
  // The fields named by the error summary after a failed Next or Submit (or a post without script).
  const [summary, setSummary] = useState<string[]>(() => Object.keys(posted?.errors ?? {}));
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusSummary = useRef(false);
  const formRef = useTypedEarly();
  // Enter in a field of step 1 goes to the next field, as a phone's "next" key does; in the last one it presses Next.
  useEffect(() => {
    const form = formRef.current;
    if (!form || step !== 'payer') return;
    const moveOn = (event: KeyboardEvent) => {
      const field = event.target as HTMLElement;
      if (event.key !== 'Enter' || field.tagName !== 'INPUT') return;
      const inputs = [...form.querySelectorAll<HTMLInputElement>('fieldset:first-of-type input:not([type=hidden])')];
      const following = inputs[inputs.indexOf(field as HTMLInputElement) + 1];
      if (!following) return;
      event.preventDefault();
      following.focus();
    };
    form.addEventListener('keydown', moveOn);
    return () => form.removeEventListener('keydown', moveOn);
  }, [step, formRef]);
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
  const payerRules = useMemo(() => payerFields(rules, { company }), [rules, company]);
  const cardRules = useMemo(() => cardFields(rules, new Date()), [rules]);
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
  const bind = (name: string) => ({
    value: values[name] ?? '',
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
    onBlur: () => touch(name),
    error: shown(name),
  });
  // Masked fields get their value from the mask (set is stable enough: it only writes state).
  const masked = (name: string, kind: MaskKind) => ({
    name,
    kind,
    value: values[name] ?? '',
    onValue: (v: string) => set(name, v),
    onBlur: () => touch(name),
    error: shown(name),
  });

  /** Each field's label, as the error summary names it. */
  const labelOf = (name: string): string => {
    if (name.startsWith('invoices.')) return `${words[labels.account]} ${Number(name.slice('invoices.'.length)) + 1}`;
    const label: Record<string, string> = {
      patientName: words[labels.name],
      account: words[labels.account],
      payDOB: words.dateOfBirth,
      payDOS: words.dateOfService,
      amount: words[labels.amount],
      email: words.email,
      phone: words[labels.phone],
      billingZip: words.billingZip,
      ccn: words.cardNumber,
      exp: words.expiry,
      cvv: words.cvv,
      billName: words.nameOnCard,
      addr1: words.billingAddress,
      city: words.city,
      state: words.state,
      zip: words.zip,
      payNote: words.note,
    };
    return label[name] ?? name;
  };

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
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) if (value && (isPayerField(name) || isCardField(name))) body.append(name, value);
    if (company) {
      body.delete('account');
      for (const i of invoices) body.append('invoice', i.value);
      body.append('isBtoB', 'true');
    }
    // A key that ran out while the payer was away (by this device's clock) is renewed before sending.
    const key = formKeyRanOut(formKey) ? ((await freshFormKey(payeeId)) ?? formKey) : formKey;
    if (key !== formKey) setFormKey(key);
    if (humanToken) body.append('humanToken', humanToken);
    const query = new URLSearchParams({
      p: payeeId,
      ...(flags.optE ? { optE: 'true' } : {}),
      ...(flags.silent ? { silent: '1' } : {}),
      ...(flags.generic ? { generic: '1' } : {}),
      // Named in the page's address (a cookie may be refused): the receipt is drawn in it too.
      ...(flags.language ? { [LANGUAGE_PARAM]: flags.language } : {}),
    });
    type Answer = ApiError & {
      status: string;
      confirmationUrl: string;
      message: string;
      field?: DeclineField;
      formKey: string;
      expired?: boolean;
    };
    const sent = async (withKey: string) => {
      body.set('idempotencyKey', withKey);
      const res = await post(`/payment/payment_back.php?${query}`, body);
      return { res, answer: await answerOf<Answer>(res) };
    };
    try {
      const first = await sent(key);
      // The key ran out by the server's clock though not by this device's: the answer's fresh key sends it again, once.
      const { res, answer } = first.answer.expired && first.answer.formKey ? await sent(first.answer.formKey) : first;
      // After a decline the answer carries a new key: the corrected card goes with it, no reload.
      if (answer.formKey) setFormKey(answer.formKey);
      if (res.ok && answer.status === 'success' && answer.confirmationUrl) return window.location.replace(answer.confirmationUrl);
      freshHumanCheck();
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
    .map((name) => ({ id: fieldId(name), label: labelOf(name), message: errors[name]! }));
  const errorSummary = summaryItems.length > 0 && <ErrorSummary ref={summaryRef} title={words.errorSummary} items={summaryItems} />;
  // The networks the payee takes, named before the first digit; the one typed, as it is typed.
  const accepted = acceptedBrands(rules.ccAccepted);
  const cardList = listOf(
    accepted.map((brand) => BRAND_NAMES[brand]),
    words.listAnd,
  );
  const typedBrand = cardBrand(cardDigits(values.ccn ?? ''));
  const network =
    typedBrand === 'unknown'
      ? undefined
      : brandAccepted(typedBrand, rules.ccAccepted)
        ? words.detectedCard.replace('{brand}', BRAND_NAMES[typedBrand])
        : words.cardNotAccepted.replace('{brand}', BRAND_NAMES[typedBrand]).replace('{cards}', cardList);
  // The first step's values go with the payment at the card step (the form posts them without script).
  const payerHidden = (
    <>
      {PAYER_FIELDS.filter((name) => values[name] && !(company && name === 'account')).map((name) => (
        <input key={name} type="hidden" name={name} value={values[name]} />
      ))}
      {company && invoices.map((invoice) => <input key={invoice.id} type="hidden" name="invoice" value={invoice.value} />)}
    </>
  );
  return (
    <>
      <form ref={formRef} method="post" className="wp-form" noValidate onSubmit={submit}>
        <input type="hidden" name={FORM_FIELD} value={PAYMENT_FORM} />
        <input type="hidden" name="step" value={step} />
        <input type="hidden" name="idempotencyKey" value={formKey} />
        <fieldset className="wp-step" disabled={processing}>
          <legend>
            <span className="wp-step__number">1</span> {company ? words.companyStep : words.payerStep}
          </legend>
          {step === 'payer' && errorSummary}
          {step === 'card' ? (
            <div className="wp-summary">
              <p>
                {values.patientName} · {company ? invoices.map((i) => i.value).join(', ') : values.account} ·{' '}
                {shownAmount(values.amount ?? '')}
              </p>
              {payerHidden}
              {/* Belongs to the edit form below, so Enter in a card field never presses it. */}
              <button
                type="submit"
                form="wp-edit"
                className="link-button"
                onClick={(e) => {
                  e.preventDefault();
                  setStep('payer');
                }}
              >
                {words.edit}
              </button>
            </div>
          ) : (
            <>
              <Field
                name="patientName"
                label={words[labels.name]}
                autoComplete={company ? 'organization' : 'name'}
                enterKeyHint="next"
                {...bind('patientName')}
              />
              {company ? (
                <div className="wp-invoices">
                  {invoices.map((invoice, i) => (
                    <div key={invoice.id} className="wp-invoice">
                      <Field
                        id={`wp-invoices-${i}`}
                        name="invoice"
                        label={`${words[labels.account]} ${i + 1}`}
                        enterKeyHint="next"
                        {...CODE}
                        value={invoice.value}
                        onChange={(e) =>
                          setInvoices((list) => list.map((x) => (x.id === invoice.id ? { ...x, value: e.target.value } : x)))
                        }
                        onBlur={() => touch(`invoices.${i}`)}
                        error={shown(`invoices.${i}`)}
                      />
                      {invoices.length > 1 && (
                        <button
                          type="button"
                          className="link-button"
                          onClick={() => setInvoices((list) => list.filter((x) => x.id !== invoice.id))}
                        >
                          {words.removeItem.replace('{item}', words[labels.account].toLowerCase()).replace('{n}', String(i + 1))}
                        </button>
                      )}
                    </div>
                  ))}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setInvoices((list) => [...list, { id: Math.max(...list.map((x) => x.id)) + 1, value: '' }])}
                  >
                    {words.addItem.replace('{item}', words[labels.account].toLowerCase())}
                  </button>
                </div>
              ) : (
                <Field
                  name="account"
                  label={words[labels.account]}
                  enterKeyHint="next"
                  inputMode={accountIsNumeric(rules) ? 'numeric' : undefined}
                  {...CODE}
                  {...bind('account')}
                />
              )}
              {rules.customFields.payDOB && (
                <MaskedField
                  label={words.dateOfBirth}
                  placeholder={words.datePlaceholder}
                  inputMode="numeric"
                  autoComplete="bday"
                  enterKeyHint="next"
                  {...masked('payDOB', 'date')}
                />
              )}
              {rules.customFields.payDOS && (
                <MaskedField
                  label={words.dateOfService}
                  placeholder={words.datePlaceholder}
                  inputMode="numeric"
                  enterKeyHint="next"
                  {...masked('payDOS', 'date')}
                />
              )}
              <MaskedField
                label={words[labels.amount]}
                inputMode="decimal"
                placeholder="$0.00"
                enterKeyHint="next"
                {...masked('amount', 'amount')}
              />
              <Field name="email" label={words.email} type="email" autoComplete="email" enterKeyHint="next" {...CODE} {...bind('email')} />
              <MaskedField
                label={words[labels.phone]}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                enterKeyHint={rules.customFields.billingZip ? 'next' : 'done'}
                hint={words.smsReceiptNote}
                {...masked('phone', 'phone')}
              />
              {rules.customFields.billingZip && (
                <MaskedField
                  label={words.billingZip}
                  inputMode="numeric"
                  autoComplete="postal-code"
                  enterKeyHint="done"
                  {...masked('billingZip', 'zip')}
                />
              )}
              <button type="submit" className="button">
                {words.next}
              </button>
            </>
          )}
        </fieldset>

        <fieldset className="wp-step" disabled={processing || step !== 'card'} hidden={step !== 'card'}>
          <legend>
            <span className="wp-step__number">2</span> {words.cardStep}
          </legend>
          {step === 'card' && errorSummary}
          <MaskedField
            label={words.cardNumber}
            inputMode="numeric"
            autoComplete="cc-number"
            enterKeyHint="next"
            hint={words.acceptedCards.replace('{cards}', cardList)}
            {...masked('ccn', 'card')}
          />
          <p className="card-network" aria-live="polite" id="wp-ccn-network">
            {network}
          </p>
          <div className="wp-row">
            <MaskedField
              label={words.expiry}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={words.expiryPlaceholder}
              {...masked('exp', 'expiry')}
            />
            <MaskedField
              label={words.cvv}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              hint={words.cvvHint}
              {...masked('cvv', 'cvv')}
            />
          </div>
          <Field name="billName" label={words.nameOnCard} autoComplete="cc-name" {...bind('billName')} />
          <Field name="addr1" label={words.billingAddress} autoComplete="address-line1" {...bind('addr1')} />
          <div className="wp-row">
            <Field name="city" label={words.city} autoComplete="address-level2" {...bind('city')} />
            <SelectField
              id="wp-state"
              name="state"
              label={words.state}
              choose={words.choose}
              autoComplete="address-level1"
              options={US_STATES}
              value={values.state ?? ''}
              onChange={(e) => set('state', e.target.value)}
              onBlur={() => touch('state')}
              error={shown('state')}
              quiet
            />
            <MaskedField label={words.zip} inputMode="numeric" autoComplete="postal-code" {...masked('zip', 'zip')} />
          </div>
          <Field name="payNote" label={words.note} {...bind('payNote')} />
          {humanCheckSiteKey && <HumanCheck siteKey={humanCheckSiteKey} resetKey={humanReset} />}
          <button type="submit" className="button" disabled={processing}>
            {processing ? words.processing : words.submit}
          </button>
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

/** Names joined as a sentence says them (`Visa and Mastercard`, `Visa y Mastercard`), by the catalogue's `{rest} and {last}`. */
function listOf(names: string[], and: string): string {
  if (names.length < 2) return names.join('');
  return and.replace('{rest}', names.slice(0, -1).join(', ')).replace('{last}', names.at(-1)!);
}
