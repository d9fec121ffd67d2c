import type { PaymentFormText } from './catalogue';

/** Labels of the web payment form, by version (pay-pages spec §2): keys of the catalogue's `paymentForm`. */
export interface FormLabels {
  name: keyof PaymentFormText;
  account: keyof PaymentFormText;
  amount: keyof PaymentFormText;
  phone: keyof PaymentFormText;
}

export function formLabels({
  company,
  notMedical,
  useStatement,
}: {
  company: boolean;
  notMedical: boolean;
  useStatement: boolean;
}): FormLabels {
  if (company) return { name: 'companyName', account: 'invoiceNumber', amount: 'totalAmount', phone: 'contactNumber' };
  return {
    name: notMedical ? 'billingName' : 'patientName',
    account: useStatement ? 'statementNumber' : 'accountNumber',
    amount: 'paymentAmount',
    phone: 'mobileNumber',
  };
}
