import { useRef, type ComponentProps } from 'react';
import { CARD_FIELDS, labelKey, PAYER_FIELDS, PAYMENT_FIELD_DESCRIPTIONS, type PaymentFieldName } from '../../src/domain/payment';
import type { PostedForm } from '../../src/domain/posted-form';
import type { PaymentFormText } from '../../src/domain/catalogue';
import type { FormLabels } from '../../src/domain/web-payment-labels';
import { TextField } from './field';
import { useMask } from './mask';
import { loadPaymentMasks, PAYMENT_MASKS, type MaskKind } from './payment-masks';

/** The pieces both steps of the card form are made of (client/islands/web-payment-form.tsx). */

export type Invoice = { id: number; value: string };

export const isPayerField = (name: string) => (PAYER_FIELDS as readonly string[]).includes(name) || name.startsWith('invoices.');
export const isCardField = (name: string) => (CARD_FIELDS as readonly string[]).includes(name);

/** What a plain field of the form is given: its name and label (from its description), its value, its change, its blur, its message. */
export interface Bound {
  name: PaymentFieldName;
  label: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  onBlur: () => void;
  error?: string;
}

/** What a masked field of the form is given. */
export interface BoundMask {
  name: PaymentFieldName;
  label: string;
  kind: MaskKind;
  value: string;
  onValue: (v: string) => void;
  onBlur: () => void;
  error?: string;
}

/** Binds a field of the form to its state, by name. */
export interface Binding {
  bind(name: PaymentFieldName): Bound;
  masked(name: PaymentFieldName, kind: MaskKind): BoundMask;
}

/** A field of this form: its id and name come from the payment field it holds. */
export function Field({
  name,
  id,
  ...props
}: { name: string; id?: string; label: string; error?: string; hint?: string } & ComponentProps<'input'>) {
  return <TextField id={id ?? `wp-${name}`} name={name} quiet {...props} />;
}

/** A field with an imask mask: its value kept in step with the form's state. */
export function MaskedField({
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

/** Codes, not words: no capital letters, corrections or spell-checking (which may send the text to a server). */
export const CODE = { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

/** The element id of a field of this form (`invoices.1` is `wp-invoices-1`). */
export const fieldId = (name: string) => `wp-${name.replace(/\./g, '-')}`;

/** The invoices as typed, from what was posted without script (`invoices.0`, `invoices.1`, …). */
export function postedInvoices(posted: PostedForm | undefined): Invoice[] {
  const typed = Object.entries(posted?.values ?? {})
    .filter(([name]) => name.startsWith('invoices.'))
    .map(([name, value]) => ({ id: Number(name.slice('invoices.'.length)) + 1, value }));
  return typed.length ? typed : [{ id: 1, value: '' }];
}

/** Each field's label, as the error summary names it: from the field's description (`PAYMENT_FIELD_DESCRIPTIONS`). */
export function labelOf(name: string, words: PaymentFormText, labels: FormLabels): string {
  if (name.startsWith('invoices.')) return `${words[labels.account]} ${Number(name.slice('invoices.'.length)) + 1}`;
  const field = Object.hasOwn(PAYMENT_FIELD_DESCRIPTIONS, name)
    ? PAYMENT_FIELD_DESCRIPTIONS[name as keyof typeof PAYMENT_FIELD_DESCRIPTIONS]
    : undefined;
  return field ? words[labelKey(field, labels)] : name;
}
