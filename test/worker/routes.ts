import { env } from 'cloudflare:workers';
import { ANDROID, DESKTOP, IPHONE } from './helpers';

/**
 * The whole route table of both specs (shell spec §2 and pay-pages spec §2) plus the URL contract.
 */
export type Expect = { status: number; text?: string; location?: string | RegExp };
export const ROUTE_TABLE: Array<[path: string, ua: string, expected: Expect]> = [
  ['/embedded/termsofservice', DESKTOP, { status: 200, text: 'Terms of Service' }],
  ['/embedded/privacy', DESKTOP, { status: 200, text: 'Privacy Policy' }],
  ['/embedded/billpay-termsofservice', DESKTOP, { status: 200, text: 'Bill Pay Terms of Service' }],
  ['/termsofservice', DESKTOP, { status: 200, text: 'Terms of Service' }],
  ['/privacy', DESKTOP, { status: 200, text: 'Privacy Policy' }],
  ['/download', DESKTOP, { status: 200, text: 'Get the Papaya app' }],
  ['/download', IPHONE, { status: 302, location: env.APP_STORE_URL }],
  ['/download', ANDROID, { status: 302, location: env.PLAY_STORE_URL }],
  ['/appsFlyer/landing', DESKTOP, { status: 200, text: 'Get the Papaya app' }],
  ['/pay-appclip', DESKTOP, { status: 200, text: 'Continue to Papaya' }],
  ['/financing', DESKTOP, { status: 200, text: 'Payment plan options' }],
  ['/merchant-verification', DESKTOP, { status: 200, text: 'Provider/Biller Verification' }],
  ['/confirmation', DESKTOP, { status: 200, text: 'Provider/Biller Verification' }],
  ['/newpartner', DESKTOP, { status: 200, text: 'Provider/Biller Verification' }],
  // Marketing pages belong to the legacy site; with no ORIGIN_URL they do not exist here.
  ['/about', DESKTOP, { status: 404, text: "Sorry! We can't find that page." }],
  ['/partners', DESKTOP, { status: 404, text: "Sorry! We can't find that page." }],
  ['/contact', DESKTOP, { status: 404, text: "Sorry! We can't find that page." }],
  ['/careers', DESKTOP, { status: 404, text: "Sorry! We can't find that page." }],
  ['/how-it-works', DESKTOP, { status: 404, text: "Sorry! We can't find that page." }],
  ['/brand-kit?usps', DESKTOP, { status: 404, text: "Sorry! We can't find that page." }],
  ['/postcard', DESKTOP, { status: 404, text: "Sorry! We can't find that page." }],
  ['/call', DESKTOP, { status: 404, text: "Sorry! We can't find that page." }],
  // Short links, the developer outbox and the API (contract §2, §4, §6)
  ['/s/AAAAAAAAAA', DESKTOP, { status: 404, text: "Sorry! We can't find that page." }],
  ['/_dev/outbox', DESKTOP, { status: 200 }],
  ['/healthz', DESKTOP, { status: 200, text: 'ok' }],
  ['/api/web_payment.php?action=getPayees&term=valley&target=partner', DESKTOP, { status: 200, text: 'Valley Medical Group' }],
  ['/api/update_info_request.php?t=INFO-FEE', DESKTOP, { status: 200, text: 'confirmAmountIncreaseFee' }],
  // Pay pages (pay-pages spec §2, contract §2)
  ['/pay', DESKTOP, { status: 200, text: 'Pay your bill with Papaya' }],
  ['/pay-now?p=valleymed', DESKTOP, { status: 200, text: 'Pay Valley Medical Group' }],
  ['/paynow', DESKTOP, { status: 200, text: 'Pay your bill with Papaya' }],
  ['/pay-contactless', DESKTOP, { status: 200, text: 'Pay your bill with Papaya' }],
  ['/contactless', DESKTOP, { status: 200, text: 'Pay your bill with Papaya' }],
  ['/pay-demo', DESKTOP, { status: 200, text: 'Pay your bill with Papaya' }],
  ['/demo', DESKTOP, { status: 200, text: 'Pay your bill with Papaya' }],
  ['/pay/valleymed', DESKTOP, { status: 200, text: 'Pay Valley Medical Group' }],
  ['/valleymed', DESKTOP, { status: 200, text: 'Pay Valley Medical Group' }],
  ['/valleymed', IPHONE, { status: 302, location: /^https:\/\/webpay\.papayapay\.com\/\?referrer=/ }],
  ['/harborhealth/patient', DESKTOP, { status: 200, text: 'Pay Harbor Health Partners' }],
  ['/harborhealth', DESKTOP, { status: 302, location: '/web-payment-multi-option/harborhealth' }],
  ['/web-payment-multi-option/harborhealth', DESKTOP, { status: 200, text: 'Pay your patient or company invoice below.' }],
  ['/metrowater', DESKTOP, { status: 302, location: '/payment/biller/biller.php?p=1003' }],
  ['/pay?p=index.php', DESKTOP, { status: 302, location: '/home' }],
  ['/pay-widget?name=valleymed', DESKTOP, { status: 200, text: '30k+ user reviews' }],
  ['/pay-widget-imaginepay-button', DESKTOP, { status: 200, text: 'Pay Now' }],
  ['/pay-widget-restore-tab', DESKTOP, { status: 200, text: '30k+ user reviews' }],
  ['/web-payment', DESKTOP, { status: 200, text: 'Provider Name' }],
  ['/web-payment?p=1001', DESKTOP, { status: 200, text: 'Pay Valley Medical Group' }],
  ['/web-payment?p=1009&ib=1', DESKTOP, { status: 200, text: 'Pay Acme Staffing Inc' }],
  ['/web-payment?p=999999', DESKTOP, { status: 302, location: '/web-payment' }],
  ['/update-password', DESKTOP, { status: 200, text: 'Trying to change your password?' }],
  ['/update-password?x=RESET-EXPIRED', DESKTOP, { status: 200, text: 'This link has expired' }],
  ['/pay-later', DESKTOP, { status: 200, text: 'This promotion is no longer available.' }],
  ['/member-signup', DESKTOP, { status: 200, text: 'Papaya Premium' }],
  ['/account-link?error=access_denied', DESKTOP, { status: 200, text: 'Oh no! There was an issue linking your email.' }],
  ['/update-info-request', DESKTOP, { status: 200, text: 'Invalid token.' }],
  ['/update-info-request?t=INFO-DEADLINE', DESKTOP, { status: 200, text: 'Your bill is due soon' }],
  ['/getpaid', DESKTOP, { status: 200, text: 'Collect your payment' }],
  ['/receipt/PAP-ZZZZZZZZ', DESKTOP, { status: 404, text: "Sorry! We can't find that page." }],
  // Unknown paths
  ['/no/such/page/here', DESKTOP, { status: 404, text: "Sorry! We can't find that page." }],
  ['/embedded/nothing', DESKTOP, { status: 404, text: "Sorry! We can't find that page." }],
];

