/**
 * Words a visitor reads, in English (en-US), grouped by the screen or island that shows them. The
 * Spanish catalogue (`es.ts`) has the same keys. Islands never import a catalogue: the server
 * hands each island its group as a prop, so no page carries the words of another.
 */
import { INVALID_EMAIL, INVALID_PAYEE_NAME, INVALID_TOKEN, REQUIRED, SENT_TWICE } from '../messages';
import { PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from '../password';
import { DECLINE_MESSAGES } from '../declines';
import { DEFAULT_TITLE, type MetaSection, type NavLabel } from '../site';

const HUMAN_CHECK_FAILED = 'Please confirm you are not a robot, then try again.';
const OFFLINE = 'You seem to be offline. Check your connection and try again.';
const UNREACHABLE_PHONE = 'Please check the number: no US area code or exchange starts with 0 or 1.';

/** What is wrong with a field of the web payment form (pay-pages spec §5 and §8, exactly as written there). */
const paymentProblems = {
  required: REQUIRED,
  tooLong: 'This is too long.',
  amountOverLimit:
    'Unfortunately we are unable to accept payments over $2,000 via Papaya Web Payment. Please download the Papaya app to proceed with paying this bill.',
  cardNotAccepted: 'Invalid / Not Accepted',
  accountWarning: 'Please enter a valid account number: >{warning}',
  accountStartsWith: 'Please enter a valid account number that starts with: {start}',
  invalidDate: 'Please enter the date as MM/DD/YYYY.',
  invalidPhone: 'Please enter a valid phone number.',
  unreachablePhone: UNREACHABLE_PHONE,
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
    unreachablePhone: UNREACHABLE_PHONE,
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
    choose: 'Choose…',
    zip: 'ZIP Code',
    note: 'Note (optional)',
    datePlaceholder: 'MM/DD/YYYY',
    expiryPlaceholder: 'MM/YY',
    listAnd: '{rest} and {last}',
    acceptedCards: 'We accept {cards}.',
    detectedCard: '{brand} card',
    cardNotAccepted: '{brand} is not accepted here. Please use {cards}.',
    cvvHint: '3 digits on the back of your card; 4 on the front for American Express.',
    errorSummary: 'Please check the following:',
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
    /** After a decline at the security code without script, where the card number is never written back. */
    renewed:
      'This form was open for a long time, so we renewed it. For your security, type the card number and security code again, then submit.',
    /** The island's form whose key ran out unsent: renewed, and sent when the payer submits again. */
    submitAgain: 'This form was open for a long time, so we renewed it. Please check your details, then submit again.',
    typeCardAgain: 'For your security, type the card number again too.',
    tryAgain: 'Please try again.',
    humanCheckFailed: HUMAN_CHECK_FAILED,
    offline: OFFLINE,
  },
  paymentProblems,
  /** The backend's decline messages it is known to send (contract, test cards), as the visitor reads them. */
  declines: { ...DECLINE_MESSAGES } as Record<keyof typeof DECLINE_MESSAGES, string>,
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
  /** The page shell around every page: head, navigation, footer, the language switch. */
  shell: {
    skipLink: 'Skip to main content',
    home: 'Papaya home',
    mainNav: 'Main',
    footerNav: 'Footer',
    menu: 'Menu',
    questions: 'Questions? Email {email}.',
    rights: '© {year} Papaya. All rights reserved.',
    languageSwitch: 'Language',
    previewImageAlt: 'Papaya: pay your bill securely by card or with the Papaya app.',
    botNotice: 'This site is protected by Cloudflare Turnstile, and the Cloudflare {privacy} and {terms} apply.',
    cloudflarePrivacy: 'Privacy Policy',
    cloudflareTerms: 'Terms of Service',
    needsScript:
      'This step needs JavaScript, which is turned off in this browser: we check that a person, not a program, is asking. Turn JavaScript on, or {alternative}',
    appStoreBadge: 'Download on the App Store',
    playStoreBadge: 'Get it on Google Play',
  },
  /** The navigation's and the footer's links. */
  nav: {
    howItWorks: 'How it works',
    about: 'About',
    forBillers: 'For billers',
    careers: 'Careers',
    contact: 'Contact',
    brandKit: 'Brand kit',
    uspsBrandKit: 'USPS brand kit',
    terms: 'Terms of service',
    privacy: 'Privacy policy',
  } satisfies Record<NavLabel, string>,
  /** Each section's title, in the tab and on a link's preview card. */
  metaTitle: {
    default: DEFAULT_TITLE,
    about: 'About Papaya - A Better Way to Bill Pay',
    how: 'How Papaya Works - A Better Way to Bill Pay',
    partners: 'Papaya for Billers and Providers',
    brandKit: 'Papaya Brand Kit',
    contact: 'Contact Papaya',
    careers: 'Careers at Papaya',
    pay: 'Pay Your Bill with Papaya',
    five: 'Pay Your Bill in Five Minutes - Papaya',
    ebills: 'Link Your Email for eBills - Papaya',
    getPaid: 'Get Paid with Papaya',
    error: 'Page Not Found - Papaya',
    paymentPlanOptions: 'Payment Plan Options - Papaya',
  } satisfies Record<MetaSection, string>,
  /** Each section's description, in search results and on a link's preview card. */
  metaDescription: {
    default:
      'Pay medical bills, utilities and invoices in a snap. Take a picture of your bill with the Papaya app or pay by card on the web.',
    about: 'Papaya makes paying any bill as simple as taking a picture of it.',
    how: 'Snap a photo of your bill, choose how to pay, and Papaya delivers the payment for you.',
    partners: 'Offer your patients and customers a faster way to pay, with no integration work.',
    brandKit: 'Logos, badges and guidelines for telling your customers they can pay with Papaya.',
    contact: 'Questions about a payment or your account? Reach the Papaya support team.',
    careers: 'Join the team building a better way to pay bills.',
    pay: 'Get a secure link by text message and pay your bill in minutes.',
    five: 'Pay any bill from your phone in about five minutes with the Papaya app.',
    ebills: 'Connect your inbox so Papaya can find your electronic bills for you.',
    getPaid: 'Claim a payment sent to you through Papaya with your access code.',
    error: "We can't find that page. You can still pay your bill with Papaya.",
    paymentPlanOptions: 'Options for financing a medical bill over time.',
  } satisfies Record<MetaSection, string>,
  /** The text-me-a-link pages (pay-pages spec §1) and the choice between a patient and a company bill. */
  pay: {
    payeeTitle: 'Pay {payee} — Papaya',
    payeeHeading: 'Pay {payee}',
    payeeLogo: '{payee} logo',
    heading: 'Pay your bill with Papaya',
    intro: "Enter your mobile number and we'll text you a secure link to pay your bill from your phone in a few minutes.",
    payeeIntro: "Enter your mobile number and we'll text you a secure link to pay {payee} from your phone in a few minutes.",
    noScriptAlternative: "download the Papaya app from your phone's app store.",
    preferComputer: 'Prefer your computer? {link}.',
    payByCard: 'Pay by card on the web',
    multiOptionHeading: 'Pay your patient or company invoice below.',
    patientBill: 'Patient Bill Payment',
    companyInvoice: 'Company Invoice Payment',
    unavailableHeading: "We can't load this payment page right now.",
    unavailableBody: 'Nothing was charged. Please reload the page in a moment, or pay on the web instead.',
    payOnWeb: 'Pay a bill on the web',
    widgetPayeeHeading: 'Pay {payee} with Papaya',
    logoNewTab: 'Papaya (opens in a new tab)',
  },
  /** The not-found page. */
  notFound: {
    heading: "Sorry! We can't find that page.",
    body: 'The link may be mistyped or out of date. You can still pay your bill: get a link by text message, or pay on the web.',
    noScriptAlternative: 'pay on the web below.',
  },
  /** The download landing for computers. */
  download: {
    heading: 'Get the Papaya app',
    body: 'Take a picture of any bill and pay it in about five minutes, by card or bank account, from your phone.',
    onComputer: 'On a computer? {link} instead.',
  },
  /** The web payment pages around the form: the provider search, the payee, the receipt (pay-pages spec §2–§4). */
  webPayment: {
    lookupTitle: 'Pay a Bill on the Web - Papaya',
    lookupHeading: 'Pay a bill on the web',
    lookupFrom404: "We couldn't find the page you were looking for, but you can still pay your bill here.",
    lookupIntro: 'Find your provider or biller, confirm it, then pay by card. No account needed.',
    noScriptAlternative: 'pay from your phone in the Papaya app.',
    debtCollectorNotice: 'This communication is from a debt collector.',
    debtCollectorPurpose: 'This is an attempt to collect a debt, and any information obtained will be used for that purpose.',
    debtCollectorRights:
      'Payments made here are sent by Papaya to {payee} on your behalf. Paying does not waive any right you have to dispute the debt; contact {payee} directly about the debt itself.',
    payeeAside: 'Payee',
    billingQuestions: 'For all billing questions, call {phone}',
    companyReceipt: 'Paying for your employer or company? A receipt is emailed to you for your records.',
    nextBill: 'Pay your next bill in seconds with the Papaya app.',
    receiptTitle: 'Payment received - Papaya',
    receiptHeading: 'Thank you! Your payment was received.',
    paidTo: 'Paid to',
    amount: 'Amount',
    date: 'Date',
    card: 'Card',
    cardEnding: '{brand} ending in {last4}',
    confirmation: 'Confirmation number',
    keepConfirmation: 'Keep this confirmation number. A receipt is also sent to the phone number you gave us.',
    questions: 'Questions?',
    billQuestions: 'For questions about your bill, call {payee}.',
    billQuestionsPhone: 'For questions about your bill, call {payee} at {phone}.',
    paymentQuestions: 'For questions about this payment, email {email} with your confirmation number.',
    approvedBody:
      'Your payment to {payee} was approved. We could not show its receipt here; the receipt is sent to the phone number you gave us. Please do not pay this bill again.',
    approvedQuestions: 'For questions about this payment, email {email}.',
  },
  /** What the site's API answers when it refuses a request or the backend fails (contract §4). */
  api: {
    checkFields: 'Please check the highlighted fields.',
    sentTwice: SENT_TWICE,
    invalidPayeeName: INVALID_PAYEE_NAME,
    /** A page on another site tried to make the visitor's browser change something here. */
    crossSite: 'This request came from another site, so it was refused. Please use the form on papayapay.com.',
    timeout: 'Papaya is taking too long to answer. Please try again in a moment.',
    unreachable: 'We could not reach Papaya right now. Please try again in a moment.',
    tooLarge: 'The request is too large.',
    unreadableForm: 'The form could not be read.',
    filesRefused: 'Files are not accepted.',
    formExpired: 'This payment form has expired. Please reload the page.',
    notWebPayee: 'This biller does not accept web payments.',
    notWebPayeeField: 'Not offered web payment.',
    alreadySubmitted: 'This payment was already submitted with different details. Please reload the page to start a new payment.',
    paymentUncertain:
      'We could not confirm whether this payment went through, so it was not sent again. Before paying again, please call {payee} at {phone}.',
    paymentUncertainNoPhone:
      'We could not confirm whether this payment went through, so it was not sent again. Before paying again, please contact {payee}.',
    inFlight: 'This payment is still being processed. Please wait a moment.',
    declined: 'The payment was declined.',
    billerNotFound: 'We could not find that biller.',
    unknownPayee: 'Unknown payee.',
    somethingWrong: 'Something went wrong. Please try again.',
  },
  /** What a visitor reads when the abuse guard stops them: what happened and how long to wait. */
  limits: {
    minute: '1 minute',
    minutes: '{n} minutes',
    tooManyPayments: 'Too many payment attempts. Please try again in {wait}.',
    tooManyShortLinks: 'Too many short links were asked for from your connection. Please try again in {wait}.',
    tooManyTexts: 'Too many texts were requested. Please try again in {wait}.',
    tooManyCodes: 'Too many wrong codes. Please try again in {wait}, or contact us at {email}.',
    tooManyLinksTitle: 'Too many links were tried',
    tryLinksAgain: 'Please try again in {wait}, or contact us at {email}.',
    tooManyLinks: 'Too many links were tried from your connection. Please try again in {wait}, or contact us at {email}.',
    reference: 'If you contact us or the office you are paying, give this reference: {reference}.',
    interactiveCheck:
      'Many payments are coming from your connection right now. Please complete the check below, then send the payment again.',
    paused:
      'Card payments to {payee} are paused for a while to stop card fraud. Please try again in {wait}, or call {payee} at {phone} to pay.',
    pausedNoPhone:
      'Card payments to {payee} are paused for a while to stop card fraud. Please try again in {wait}, or call {payee} to pay.',
  },
  /**
   * The texted link (pay-pages spec §9). Written in the GSM-7 alphabet (no á, í, ó, ú) so that
   * one text stays one segment of 160 characters in either language.
   */
  sms: {
    billPay: 'Click here to finish paying your bill with Papaya: {link} Reply HELP for help {sentAt}',
    download: 'Pay your bill in minutes with the Papaya app. Reply HELP for help. Sent {sentAt}: {link}',
  },
  /** The last-resort pages, drawn without React when a page cannot be. */
  serverError: {
    title: 'Something went wrong - Papaya',
    heading: 'Something went wrong on our side.',
    body: 'Nothing was charged. Please try again in a moment.',
    support: 'If this keeps happening, email {email}.',
    webPayment: 'Go to web payment',
  },
  /** The new-password page of an emailed reset link (pay-pages spec §4, §5, §8). */
  passwordReset: {
    title: 'Change Your Password - Papaya',
    heading: 'Choose a new password',
    newPassword: 'New password',
    confirm: 'Confirm new password',
    show: 'Show',
    hide: 'Hide',
    save: 'Save',
    saving: 'Saving...',
    hintLengthTodo: PASSWORD_TOO_SHORT,
    hintLengthDone: 'Password is at least 8 characters.',
    hintMatchTodo: PASSWORDS_DIFFER,
    hintMatchDone: 'Your passwords match.',
    noTokenTitle: 'Trying to change your password?',
    noTokenBody: "Open the Papaya app, go to My Account, and choose Change Password. We'll email you a secure link to set a new one.",
    expiredTitle: 'This link has expired',
    expiredBody:
      'Password links expire after 24 hours, or as soon as they have been used. Ask for a new link from the Papaya app: My Account, then Change Password.',
    mismatch: 'Something went wrong, please try again.',
    changed: 'Your password has been updated. Please return to the app to sign in.',
    support: 'If you need help, contact us at {email}.',
    noScriptAlternative: 'change your password in the Papaya app, under My Account.',
  },
  /** A biller's questions about a bill, from a texted link (shell spec §2, §4, §8). */
  infoRequest: {
    title: 'Your Bill Payment - Papaya',
    tryLater: 'Please try again later. If this keeps happening, please contact Papaya.',
    invalidToken: INVALID_TOKEN,
    retrieveFailed: 'Error retrieving info.',
    submitFailed: 'Error submitting the info.',
    cancelFailed: 'Error cancelling the payment.',
    inProgress: 'Payment in progress',
    inProgressText: 'Thank you. We will finish paying your bill.',
    cancelled: 'Payment cancelled',
    cancelledText: 'This payment will not be made.',
    confirmDeadlineApproaching: 'Your bill is due soon',
    confirmAmountIncrease: 'The amount of your bill went up',
    confirmAmountIncreaseFee: 'The fee for your payment went up',
    confirmPayment: 'Please confirm your payment',
    changesTo: 'changes to',
    cancelQuestion: 'Cancel this payment? Your bill will not be paid by Papaya.',
    cancelYes: 'Yes, cancel the payment',
    cancelNo: 'No, go back',
    confirmAndPay: 'Confirm and pay',
    decline: 'Decline',
    moreInfo: 'Your biller needs a little more information',
    required: REQUIRED,
    submit: 'Submit',
  },
  /** The pay-later opt-in, by email or from an emailed link (shell spec §2, §4, §8). */
  payLater: {
    title: 'Pay Later with Papaya',
    heading: 'Pay your bills now, pay us back in two weeks',
    intro: 'Papaya members can get a two-week advance on bill payments, with no fees or interest. Offer ends {until}.',
    email: 'Email you use with Papaya',
    submit: 'Get my advance',
    sending: 'Sending...',
    required: REQUIRED,
    invalidEmail: INVALID_EMAIL,
    notFoundEmail: "Oops! We couldn't find a Papaya account using that email.",
    promotionOver: 'This promotion is no longer available.',
    promotionOverText: 'Thanks for your interest. Keep an eye on the Papaya app for new offers.',
    success: "You're in!",
    successText: 'Your two-week advance is ready: pay your next bill now and pay us back in two weeks, with no fees or interest.',
    duplicate: "You're already enrolled.",
    duplicateText: 'Your two-week advance is waiting for you in the Papaya app.',
    oops: 'Oops! Something went wrong.',
    oopsText: 'Please try again later. If this keeps happening, please contact Papaya.',
  },
  /** Linking an inbox for e-bills, after Google's sign-in (shell spec §2). */
  accountLink: {
    heading: 'Link your email to Papaya',
    intro: 'Press the button to finish linking your inbox, so Papaya can find your bills for you.',
    submit: 'Link my email',
    linked: 'Your email is linked!',
    linkedText: 'Papaya will look for new bills in your inbox and add them to the app for you.',
    failed: 'Oh no! There was an issue linking your email.',
    failedText: 'Please go back to the Papaya app and try linking your email again.',
    returnToApp: 'Return to the Papaya app',
  },
  /** The membership waitlist (shell spec §2, §9). */
  memberSignup: {
    title: 'Papaya Premium - Papaya',
    heading: 'Papaya Premium',
    offer: 'One month free, then ${price} a month',
    benefitFees: 'Pay any bill by card with no card fees',
    benefitReminders: 'Reminders before every due date',
    benefitHelp: 'Priority help from a real person',
    benefitCancel: 'Cancel any time in the app',
    continue: 'Continue',
    payHeading: 'How would you like to pay?',
    payText: "${price} a month after your first month free. You won't be charged until your membership starts.",
    paymentMethod: 'Payment method',
    cardOnFile: 'Use the card on file',
    newMethod: 'Add a new payment method in the app',
    join: 'Join the waitlist',
    joining: 'Joining...',
    serverError: 'Server error. Please try again later.',
    joined: "You're on the waitlist!",
    joinedText: "We'll let you know in the Papaya app as soon as your membership is ready. Your first month is free.",
  },
  /** The billers' verification pages, each around a partner's form. */
  verification: {
    title: 'Provider/Biller Verification - Papaya',
    heading: 'Provider/Biller Verification',
    intro: 'Complete the form below. It is provided by our verification partner and is sent securely to Papaya.',
    cantSee: "Can't see the form? {link}.",
    openIt: 'Open it in a new page',
    merchant: 'Merchant verification form',
    confirmation: 'Biller confirmation form',
    newpartner: 'New partner form',
  },
  /** Payment plan options (spec 000 §2). */
  financing: {
    back: 'Back to paying your bill',
    heading: 'Payment plan options',
    intro:
      "If you can't pay your whole bill today, a healthcare credit card can let you spread the cost over time. Many providers accept cards made for medical, dental and veterinary costs, often with promotional financing on purchases above a minimum amount.",
    howHeading: 'How it works',
    howApply: 'Apply with the financing provider. You usually get a decision within minutes.',
    howPay: 'If you are approved, use the card to pay your bill with Papaya, like any other credit card.',
    howRepay: 'Repay the financing provider in monthly payments on the terms it offers you.',
    beforeHeading: 'Before you apply',
    beforeInterest: 'Promotional financing may charge interest from the purchase date if the balance is not paid in full in time.',
    beforeCredit: "Applying may affect your credit score. Read the provider's terms, rates and fees before you accept.",
    beforeApproval: "Papaya does not decide who is approved and cannot change a provider's terms.",
    learnMore: 'Learn about financing options (opens in a new tab)',
    disclaimer:
      'Papaya is not affiliated with, and does not endorse, the financing provider. Financing is offered by the provider alone, subject to its credit approval and terms. Papaya receives no compensation for referrals.',
  },
  /** The app's landing pages: the AppsFlyer landing and the App Clip page. */
  appLanding: {
    heading: 'Pay your bills in a snap',
    body: 'Photograph a bill, choose how to pay, and Papaya delivers the payment. No checks, no stamps, no phone trees.',
    getApp: 'Get the Papaya app',
    clipBody: "We're opening Papaya so you can pay in a few taps. If nothing happens, use the button below.",
    clipContinue: 'Continue to Papaya',
  },
  /** A biller collecting a payment, or invited to get paid electronically (shell spec §2, §4, §5, §8). */
  getPaid: {
    invalidCodeTitle: 'Invalid Code - Please try again',
    invalidCodeText:
      'The code you entered is invalid or has expired. Please check the code on your payment notice. If it has expired, the payment may have been delivered another way. Contact us at {help}, or enter the code again.',
    genericErrorTitle: 'Oops something went wrong',
    genericErrorText: 'Please try again later or contact us at {help}.',
    accessCode: 'Enter the access code from your payment notice.',
    email: INVALID_EMAIL,
    password: PASSWORD_TOO_SHORT,
    passwordMatch: PASSWORDS_DIFFER,
    statements: 'Please choose how many statements you send a month.',
    brandKitOnItsWay: 'Thank you! Your brand kit is on its way.',
    takingYou: 'Success! Taking you to your payments...',
    codeUsedTitle: 'This code has already been used',
    codeUsedText: 'The payment for this code has been claimed. {signIn}, or contact us at {help}.',
    signIn: 'Sign in to see your payments',
    collectTitle: 'Collect your payment',
    collectText: 'Enter the access code from the payment notice you received by mail or fax.',
    accessCodeLabel: 'Access code',
    signUp: 'Sign me up to get future payments electronically',
    inviteTitle: 'Get paid with Papaya',
    preEmailText: 'You were invited to receive your payments electronically. Continue to tell us where to reach you.',
    setPassTitle: 'Set up your account',
    setPassText: 'Create a password to collect your payment.',
    setPassTextAmount: 'Create a password to collect your payment of ${amount}.',
    setPassPayee: '{payee}, create a password to collect your payment.',
    setPassPayeeAmount: '{payee}, create a password to collect your payment of ${amount}.',
    emailLabel: 'Email',
    passwordLabel: 'Password',
    confirmLabel: 'Confirm password',
    faxLabel: 'Fax (optional)',
    inviteText: 'Tell us where to reach you and we will set up electronic payments.',
    inviteTextPayee: 'Tell us where to reach you and we will set up electronic payments for {payee}.',
    statementsLabel: 'Statements you send a month',
    choose: 'Choose…',
    wait: 'Please wait...',
    createAccount: 'Create account',
    send: 'Send',
    continue: 'Continue',
  },
  /**
   * The legal pages. Their text is English only until counsel provides translations: a page in
   * another language opens with a summary saying what the document is and that English governs.
   */
  legal: {
    termsTitle: 'Terms of Service - Papaya',
    privacyTitle: 'Privacy Policy - Papaya',
    billpayTitle: 'Bill Pay Terms of Service - Papaya',
    summaryHeading: 'Summary',
    termsSummary: "These are the terms for using Papaya's website and app.",
    privacySummary: 'This policy explains what personal information Papaya collects, how it is used and shared, and your choices.',
    billpaySummary: 'These are the terms for paying a bill through Papaya.',
    privacyCookie:
      'Our pay pages set one essential cookie, {name}, to tell apart the many people who share one internet address, so that the limits that stop card testing (trying stolen card numbers) refuse the tester and not the honest payers beside them. It holds only a random id, nothing about you, and is never sent to our backend servers or used for anything else. It expires after {hours} hours.',
    privacyVersionCookie:
      'While we update the site, a second essential cookie, {name}, keeps each visitor on one version of our pages, so that a page and the parts it loads come from the same version. It holds only a random key, is read only by our hosting provider to choose that version, and expires after {hours} hours.',
    governs: 'This document is available in English only. The English text governs.',
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
export type LimitText = Catalogue['limits'];
export type SmsText = Catalogue['sms'];
export type PasswordResetText = Catalogue['passwordReset'];
export type InfoRequestText = Catalogue['infoRequest'];
export type PayLaterText = Catalogue['payLater'];
export type MemberSignupText = Catalogue['memberSignup'];
export type GetPaidText = Catalogue['getPaid'];
