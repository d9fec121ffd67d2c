/**
 * The route patterns of the pages that draw islands, as their `answer` events name them: the pages
 * the islands and Web Vitals indicators count (alerts/), and the only routes a Web Vitals beacon
 * may name. A worker test holds the list to the pages (`test/worker/shell/island-answers.test.ts`).
 */
export const ISLAND_ROUTES = [
  '/web-payment',
  '/pay',
  '/pay-now',
  '/paynow',
  '/pay-contactless',
  '/contactless',
  '/pay-demo',
  '/demo',
  '/pay/:provider',
  '/*',
  '/pay-widget',
  '/pay-widget-imaginepay-button',
  '/pay-widget-restore-tab',
  '/update-password',
  '/update-info-request',
  '/getpaid',
  '/member-signup',
  '/pay-later',
  '/pay-appclip',
] as const;
