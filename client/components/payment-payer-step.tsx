import type { Dispatch, SetStateAction } from 'react';
import { accountIsNumeric, PAYER_FIELDS, type PayeeRules } from '../../src/domain/payment';
import { shownAmount } from '../../src/domain/field-rules';
import type { PaymentFormText } from '../../src/domain/catalogue';
import type { FormLabels } from '../../src/domain/web-payment-labels';
import { CODE, Field, MaskedField, type Binding, type Invoice } from './payment-fields';

interface PayerStepProps extends Binding {
  words: PaymentFormText;
  labels: FormLabels;
  rules: PayeeRules;
  company: boolean;
  invoices: Invoice[];
  setInvoices: Dispatch<SetStateAction<Invoice[]>>;
  touch: (...names: string[]) => void;
  shown: (name: string) => string | undefined;
}

/** Step 1 of the card form: who pays, for which account (or a company's invoices), how much, and where the receipt goes. */
export function PayerStep({ words, labels, rules, company, invoices, setInvoices, touch, shown, bind, masked }: PayerStepProps) {
  return (
    <>
      <Field autoComplete={company ? 'organization' : 'name'} enterKeyHint="next" {...bind('patientName')} />
      {company ? (
        <InvoiceFields words={words} labels={labels} invoices={invoices} setInvoices={setInvoices} touch={touch} shown={shown} />
      ) : (
        <Field enterKeyHint="next" inputMode={accountIsNumeric(rules) ? 'numeric' : undefined} {...CODE} {...bind('account')} />
      )}
      {rules.customFields.payDOB && (
        <MaskedField
          placeholder={words.datePlaceholder}
          inputMode="numeric"
          autoComplete="bday"
          enterKeyHint="next"
          {...masked('payDOB', 'date')}
        />
      )}
      {rules.customFields.payDOS && (
        <MaskedField placeholder={words.datePlaceholder} inputMode="numeric" enterKeyHint="next" {...masked('payDOS', 'date')} />
      )}
      <MaskedField inputMode="decimal" placeholder="$0.00" enterKeyHint="next" {...masked('amount', 'amount')} />
      <Field type="email" autoComplete="email" enterKeyHint="next" {...CODE} {...bind('email')} />
      <MaskedField
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        enterKeyHint={rules.customFields.billingZip ? 'next' : 'done'}
        hint={words.smsReceiptNote}
        {...masked('phone', 'phone')}
      />
      {rules.customFields.billingZip && (
        <MaskedField inputMode="numeric" autoComplete="postal-code" enterKeyHint="done" {...masked('billingZip', 'zip')} />
      )}
      <button type="submit" className="button">
        {words.next}
      </button>
    </>
  );
}

/** A company's invoices, each with its field and a way to remove it, and a way to add one more. */
function InvoiceFields({
  words,
  labels,
  invoices,
  setInvoices,
  touch,
  shown,
}: Pick<PayerStepProps, 'words' | 'labels' | 'invoices' | 'setInvoices' | 'touch' | 'shown'>) {
  return (
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
            onChange={(e) => setInvoices((list) => list.map((x) => (x.id === invoice.id ? { ...x, value: e.target.value } : x)))}
            onBlur={() => touch(`invoices.${i}`)}
            error={shown(`invoices.${i}`)}
          />
          {invoices.length > 1 && (
            <button type="button" className="link-button" onClick={() => setInvoices((list) => list.filter((x) => x.id !== invoice.id))}>
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
  );
}

interface PayerValues {
  values: Record<string, string>;
  company: boolean;
  invoices: Invoice[];
}

/** Step 1's values as hidden fields: they go with the payment at the card step, and with Edit, without script. */
export function PayerHidden({ values, company, invoices }: PayerValues) {
  return (
    <>
      {PAYER_FIELDS.filter((name) => values[name] && !(company && name === 'account')).map((name) => (
        <input key={name} type="hidden" name={name} value={values[name]} />
      ))}
      {company && invoices.map((invoice) => <input key={invoice.id} type="hidden" name="invoice" value={invoice.value} />)}
    </>
  );
}

/** Step 1 once done: who pays, for what and how much, and a way back to change it. */
export function PayerSummary({ values, company, invoices, edit, onEdit }: PayerValues & { edit: string; onEdit: () => void }) {
  return (
    <div className="wp-summary">
      <p>
        {values.patientName} · {company ? invoices.map((i) => i.value).join(', ') : values.account} · {shownAmount(values.amount ?? '')}
      </p>
      <PayerHidden values={values} company={company} invoices={invoices} />
      {/* Belongs to the edit form below, so Enter in a card field never presses it. */}
      <button
        type="submit"
        form="wp-edit"
        className="link-button"
        onClick={(e) => {
          e.preventDefault();
          onEdit();
        }}
      >
        {edit}
      </button>
    </div>
  );
}
