import type { ComponentProps } from 'react';
import { PAYMENT_FORM } from '../../src/domain/payment';
import { FORM_FIELD } from '../../src/domain/islands';
import { ErrorSummary } from '../components/error-summary';
import { CardStep } from '../components/payment-card-step';
import { PayerHidden, PayerStep, PayerSummary } from '../components/payment-payer-step';
import { usePaymentFields, usePaymentSteps, type WebPaymentFormProps } from '../components/payment-state';
import { usePaymentAttempt } from '../components/payment-submit';

export type { WebPaymentFormProps };

/** The two-step web payment form: payer info, then card; submitted once per rendered key. */
export default function WebPaymentForm(props: WebPaymentFormProps) {
  const fields = usePaymentFields(props);
  const steps = usePaymentSteps(props, fields);
  const { formKey, status, submit, ...checks } = usePaymentAttempt(props, fields, steps);
  const { step, setStep, items, summaryRef, formRef } = steps;
  const { company, text } = props;
  const { values, invoices } = fields;
  const words = text.form;
  const errorSummary = items.length > 0 && <ErrorSummary ref={summaryRef} title={words.errorSummary} items={items} />;
  const processing = status.kind === 'processing';
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
            <PayerStep words={words} labels={props.labels} rules={props.rules} company={company} {...fields} />
          )}
        </fieldset>

        <fieldset className="wp-step" disabled={processing || step !== 'card'} hidden={step !== 'card'}>
          <legend>
            <span className="wp-step__number">2</span> {words.cardStep}
          </legend>
          {step === 'card' && errorSummary}
          <CardStep
            words={words}
            rules={props.rules}
            ccn={values.ccn ?? ''}
            state={values.state ?? ''}
            setState={(value) => fields.set('state', value)}
            humanCheckSiteKey={props.humanCheckSiteKey}
            processing={processing}
            {...checks}
            {...fields}
          />
        </fieldset>
        {status.kind === 'failed' && (
          <p className="form-error" role="alert">
            {status.message}
          </p>
        )}
      </form>
      {step === 'card' && <EditForm values={values} company={company} invoices={invoices} />}
    </>
  );
}

/** Back to the first step without script: the page is drawn again there, every value kept. */
function EditForm(props: ComponentProps<typeof PayerHidden>) {
  return (
    <form id="wp-edit" method="post" hidden>
      <input type="hidden" name={FORM_FIELD} value={PAYMENT_FORM} />
      <input type="hidden" name="step" value="edit" />
      <PayerHidden {...props} />
    </form>
  );
}
