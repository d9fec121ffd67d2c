/** Where a developer starts: a page of each kind, with the demo payees, tokens and codes of the contract (§6). */
export const DEMO_PAGES = [
  { path: '/web-payment', what: 'find a provider, then pay by card (4242 4242 4242 4242, any future expiry)' },
  { path: '/valleymed', what: "a payee's text-me-a-link page (/pay is the plain one)" },
  { path: '/harborhealth', what: 'a multi-option payee' },
  { path: '/pay-widget?name=valleymed', what: 'the embeddable widget' },
  { path: '/update-password?x=RESET-VALID', what: 'password reset (works once; RESET-EXPIRED, RESET-MISMATCH)' },
  { path: '/update-info-request?t=INFO-AMOUNT', what: 'bill info (INFO-DEADLINE, INFO-FEE, INFO-FIELDS)' },
  { path: '/getpaid', what: 'get paid (access codes ACCESS1, ACCESS2; /getpaid?i=MTAwMQ== for an invite)' },
  { path: '/member-signup?ad=2', what: 'the member waitlist' },
  { path: '/pay-later', what: 'pay later (set PAY_LATER_UNTIL in .dev.vars to walk the live flow)' },
  { path: '/_dev/outbox', what: 'the texts the site would have sent' },
];
