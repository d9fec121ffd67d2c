/**
 * Words a visitor reads, in English (en-US), grouped by the screen or island that shows them. The
 * Spanish catalogue (`es.ts`) has the same keys. Islands never import a catalogue: the server
 * hands each island its group as a prop, so no page carries the words of another.
 */
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
    humanCheckFailed: 'Please confirm you are not a robot, then try again.',
    sendFailed: 'We could not send the text message. Please try again.',
    offline: 'You seem to be offline. Check your connection and try again.',
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
