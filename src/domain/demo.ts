/**
 * The local demo's map: every page of both specs with the demo payees, tokens and codes the
 * embedded origin seeds (contract §6), as the demo index at `/` lists them. A path here must
 * answer on the embedded origin; the link audit (test/worker/shell/link-audit.test.ts) starts
 * from every one of them.
 */

export interface DemoLink {
  path: string;
  /** What the page shows with this demo data. */
  what: string;
}

export interface DemoSection {
  title: string;
  /** Where the section comes from: a specification document or the contract. */
  source: string;
  links: DemoLink[];
}

export const DEMO_SECTIONS: DemoSection[] = [
  {
    title: 'Pay a bill by card on the web',
    source: 'spec: public pay pages',
    links: [
      { path: '/web-payment', what: 'Find a provider by name (try "valley"), confirm it, then pay' },
      { path: '/web-payment?p=1001', what: 'Valley Medical Group: date of birth asked, every card taken' },
      {
        path: '/web-payment?p=1007',
        what: 'Cedar Valley Hospital: account CV and 6 digits, date of service, billing ZIP, no American Express or Discover, a fee',
      },
      { path: '/web-payment?p=1009&ib=1', what: 'Acme Staffing Inc: the company version, with invoice numbers' },
      { path: '/web-payment?p=1005', what: 'Northside Imaging takes no web payments: its text-me-a-link form instead' },
      { path: '/web-payment-multi-option/harborhealth', what: 'Harbor Health Partners: patient bill or company invoice' },
      { path: '/financing?PAYEE_NAME=valleymed', what: 'Payment plan options' },
    ],
  },
  {
    title: 'Text me a link',
    source: 'spec: public pay pages',
    links: [
      { path: '/pay', what: 'The plain form (on a phone: sent to web pay while the pay-wpbp-redirect flag is on)' },
      { path: '/valleymed', what: "A provider's own page, by its short code" },
      { path: '/pay?p=lakeside', what: 'A payee named by query' },
      { path: '/pay?oid=1002', what: 'Lakeside Family Clinic by id: the plain form' },
      { path: '/pay/pinecrest', what: 'Pinecrest Pediatrics, by path' },
      { path: '/pay-now?p=valleymed', what: 'The same page under another name (also /pay-contactless and /pay-demo)' },
      { path: '/harborhealth', what: 'A multi-option provider: on to its choice page' },
      { path: '/metrowater', what: "A billing partner: on to the backend's biller page" },
      { path: '/pay?p=smartsource', what: 'A special name: the form on a computer, web pay on a phone' },
      { path: '/no-such-provider', what: 'An unknown payee: the not-found page, with the form' },
    ],
  },
  {
    title: 'Widgets and verification',
    source: 'spec: public pay pages',
    links: [
      { path: '/pay-widget?name=valleymed', what: 'The embeddable widget' },
      { path: '/pay-widget-imaginepay-button?name=valleymed', what: "A partner's pay button" },
      { path: '/pay-widget-restore-tab?name=valleymed', what: 'The restore tab' },
      { path: '/merchant-verification', what: 'Provider/Biller Verification (also /confirmation and /newpartner)' },
    ],
  },
  {
    title: 'Accounts, links from emails and texts',
    source: 'spec: landing, onboarding and shell',
    links: [
      { path: '/update-password?x=RESET-VALID', what: 'Choose a new password (works once)' },
      { path: '/update-password?x=RESET-EXPIRED', what: 'An expired reset link' },
      { path: '/update-password?x=RESET-MISMATCH', what: 'A reset link for another account' },
      { path: '/update-info-request?t=INFO-AMOUNT', what: 'Bill info: confirm an amount increase' },
      { path: '/update-info-request?t=INFO-DEADLINE', what: 'Bill info: confirm before a deadline' },
      { path: '/update-info-request?t=INFO-FEE', what: 'Bill info: confirm an increase with a fee' },
      { path: '/update-info-request?t=INFO-FIELDS', what: "Bill info: the biller's questions" },
      { path: '/getpaid', what: 'Get paid: access codes ACCESS1 (no account yet) and ACCESS2 (has one)' },
      { path: '/getpaid?i=MTAwMQ==', what: 'Get paid from an invite' },
      { path: '/pay-later', what: 'Pay later (open while PAY_LATER_UNTIL is in the future; member@example.com enrols)' },
      { path: '/account-link?code=demo&scope=email&state=demo', what: 'An email account linked' },
      { path: '/account-link?error=access_denied&state=demo', what: 'An email account not linked' },
      { path: '/member-signup?ad=2', what: 'The membership waitlist' },
    ],
  },
  {
    title: 'Getting the app',
    source: 'spec: landing, onboarding and shell',
    links: [
      { path: '/download', what: 'Download the app (a phone goes straight to its store)' },
      { path: '/appsFlyer/landing', what: 'Get the app, by a button' },
      { path: '/pay-appclip', what: 'The app clip page (on test.localhost, a test environment, it waits 20 s)' },
    ],
  },
  {
    title: 'Legal pages',
    source: 'spec: landing, onboarding and shell',
    links: [
      { path: '/embedded/termsofservice', what: 'Terms of service (add ?headerless for the framed version)' },
      { path: '/embedded/privacy', what: 'Privacy policy' },
      { path: '/embedded/billpay-termsofservice', what: 'Bill Pay terms' },
    ],
  },
  {
    title: 'For developers',
    source: 'contract §6',
    links: [{ path: '/_dev/outbox', what: 'The texts the site would have sent (JSON, newest first)' }],
  },
];

/**
 * The contract's test cards (§6), as the embedded origin answers them like a processor's test
 * mode: every valid card number is charged except these, and any card with the security code 000.
 */
export const DECLINED_TEST_CARDS: Readonly<Record<string, string>> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
};
export const WRONG_CODE_CVV = '000';
export const WRONG_CODE = 'The security code is incorrect.';

export interface DemoCard {
  card: string;
  outcome: string;
}

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The test cards as the demo index lists them. */
export const DEMO_CARDS: DemoCard[] = [
  { card: '4242 4242 4242 4242', outcome: 'Paid' },
  ...Object.entries(DECLINED_TEST_CARDS).map(([digits, message]) => ({ card: grouped(digits), outcome: `Declined: "${message}"` })),
  { card: `any card, CVV ${WRONG_CODE_CVV}`, outcome: `Declined: "${WRONG_CODE}"` },
];
