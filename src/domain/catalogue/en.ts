/**
 * Words a visitor reads, in English (en-US), grouped by the screen or island that shows them. The
 * Spanish catalogue (`es.ts`) has the same keys. Islands never import a catalogue: the server
 * hands each island its group as a prop, so no page carries the words of another.
 */
import { INVALID_EMAIL, REQUIRED } from '../messages';
import type { PaymentProblem } from '../payment';

const HUMAN_CHECK_FAILED = 'Please confirm you are not a robot, then try again.';
const OFFLINE = 'You seem to be offline. Check your connection and try again.';

/** What is wrong with a field of the web payment form (pay-pages spec §5 and §8, exactly as written there). */
const paymentProblems: Record<PaymentProblem, string> = {
  required: REQUIRED,
  tooLong: 'This is too long.',
  amountOverLimit:
    'Unfortunately we are unable to accept payments over $2,000 via Papaya Web Payment. Please download the Papaya app to proceed with paying this bill.',
  cardNotAccepted: 'Invalid / Not Accepted',
  accountWarning: 'Please enter a valid account number: >{warning}',
  accountStartsWith: 'Please enter a valid account number that starts with: {start}',
  invalidDate: 'Please enter the date as MM/DD/YYYY.',
  invalidPhone: 'Please enter a valid phone number.',
  invalidZip: 'Please enter a 5-digit ZIP code.',
  invalidExpiry: 'Please enter a valid expiration date (MM/YY).',
  invalidCvv: 'Please enter the 3 or 4 digit security code.',
  invalidCardholder: "Please enter the cardholder's first and last name.",
  invalidState: 'Please choose a state.',
  invalidEmail: INVALID_EMAIL,
};

export const en = {
  /** The text-me-a-link form (pay pages, the not-found page, the desktop widget). */
  smsForm: {
    label: 'Mobile number',
    placeholder: '(555) 555-5555',
    submit: 'Text me a link',
    sending: 'Sending...',
    sent: 'Success! Check your phone for a text message',
    tryAgain: 'Try Again',
    finePrint: "We'll text you a secure link. Message and data rates may apply.",
    invalidPhone: 'Please enter a valid mobile number',
    humanCheckFailed: HUMAN_CHECK_FAILED,
    sendFailed: 'We could not send the text message. Please try again.',
    offline: OFFLINE,
  },
  /** The web payment form (pay-pages spec §2): labels by version, its two steps, what it says while it pays. */
  paymentForm: {
    patientName: 'Patient Name',
    billingName: 'Billing Name',
    companyName: 'Company Name',
    accountNumber: 'Account Number',
    statementNumber: 'Statement Number',
    invoiceNumber: 'Invoice Number',
    paymentAmount: 'Payment Amount',
    totalAmount: 'Total Amount',
    mobileNumber: 'Mobile Number',
    contactNumber: 'Contact Number',
    dateOfBirth: 'Patient Date of Birth',
    dateOfService: 'Date of Service',
    email: 'Email',
    billingZip: 'Billing ZIP Code',
    cardNumber: 'Card Number',
    expiry: 'Expiration (MM/YY)',
    cvv: 'Security Code (CVV)',
    nameOnCard: 'Name on Card',
    billingAddress: 'Billing Address',
    city: 'City',
    state: 'State',
    zip: 'ZIP Code',
    note: 'Note (optional)',
    datePlaceholder: 'MM/DD/YYYY',
    expiryPlaceholder: 'MM/YY',
    payerStep: 'Patient / Payer Info',
    companyStep: 'Company Info',
    cardStep: 'Payment Info',
    edit: 'Edit',
    next: 'Next',
    submit: 'Submit Payment',
    processing: 'Processing...',
    smsReceiptNote: 'We will text a receipt for this payment to this number.',
    removeItem: 'Remove {item} {n}',
    addItem: 'Add another {item}',
    failed: 'There was a problem saving your payment: {message}',
    tryAgain: 'Please try again.',
    humanCheckFailed: HUMAN_CHECK_FAILED,
    offline: OFFLINE,
  },
  paymentProblems,
  /** The provider search of /web-payment (pay-pages spec §3). */
  providerLookup: {
    label: 'Provider Name',
    listLabel: 'Providers',
    linksLabel: 'Providers found',
    hint: "Type at least 3 letters of your provider's or biller's name.",
    search: 'Search',
    oneFound: '1 provider found.',
    manyFound: '{n} providers found.',
    notFound: 'Provider not found. You can still make a payment by taking a picture of your bill through Papaya App.',
    confirmTitle: 'Confirm Biller',
    cancel: 'Cancel',
    confirm: 'Confirm',
    next: 'Next',
  },
  /** The embeddable pay widget around the form. */
  payWidget: {
    payNow: 'Pay Now',
    redirecting: 'Redirecting to the app store',
    reviews: '30k+ user reviews',
    closing: 'Pay your bill in minutes from your phone, securely, with no account needed to start.',
  },
};

/** A catalogue: every group of `en`, with every key, each a text. */
export type Catalogue = { readonly [Group in keyof typeof en]: { readonly [Key in keyof (typeof en)[Group]]: string } };
export type SmsFormText = Catalogue['smsForm'];
export type PayWidgetText = Catalogue['payWidget'];
export type PaymentFormText = Catalogue['paymentForm'];
export type PaymentProblemText = Catalogue['paymentProblems'];
export type ProviderLookupText = Catalogue['providerLookup'];
