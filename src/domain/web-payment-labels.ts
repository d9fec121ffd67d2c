/** Labels of the web payment form, by version (pay-pages spec §2). */
export interface FormLabels {
  name: string;
  account: string;
  amount: string;
  phone: string;
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
  if (company) return { name: 'Company Name', account: 'Invoice Number', amount: 'Total Amount', phone: 'Contact Number' };
  return {
    name: notMedical ? 'Billing Name' : 'Patient Name',
    account: useStatement ? 'Statement Number' : 'Account Number',
    amount: 'Payment Amount',
    phone: 'Mobile Number',
  };
}

export const PROVIDER_NOT_FOUND = 'Provider not found. You can still make a payment by taking a picture of your bill through Papaya App.';
export const SMS_RECEIPT_NOTE = 'We will text a receipt for this payment to this number.';
export const PROCESSING = 'Processing...';
