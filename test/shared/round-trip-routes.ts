import { BROWSER_ERROR_REPORT } from './browser-error-report';
import { TEST_PAYMENT, visaNumber } from './test-payer';

/**
 * Every route of both specs as the round-trip harness asks it (`round-trips.ts`): the worker
 * tier's budget tests and the bench's table (`npm run bench`) read this one list. A route is
 * asked twice in one isolate: cold (its first request) and warm (its payee and flag seen).
 */
export const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** What a route is built from: a form key as the page issues it, a client, a card and a mobile number with no attempts yet, a short link's key. */
export interface RouteTools {
  formKey(payeeId: string): Promise<string>;
  client(): string;
  phone(): string;
  shortLink(): Promise<string>;
}

let cards = 0;
/** A card number no request of the harness paid with (its counters are named for the first time). */
export const freshCard = () => visaNumber(8_000_000 + ++cards);

export interface RoundTripRoute {
  name: string;
  /** The most rounds the route may wait on, warm (issue #47's budgets); absent: reported, not held. */
  budget?: number;
  request(site: string, tools: RouteTools): Promise<Request>;
}

/**
 * The budgets, by what a visitor does, for a first-time visitor: a payment with a new card, from a
 * new device and address, with a new key; a text to a new number.
 */
export const ROUND_TRIP_BUDGETS = { payment: 4, text: 3, page: 1, shortLink: 1, report: 0 } as const;

/** A page; `budget: null` for a page that must ask the backend about its link's token, whatever the isolate has seen. */
const get = (path: string, ua = DESKTOP, budget: number | null = ROUND_TRIP_BUDGETS.page): RoundTripRoute => ({
  name: `GET ${path}${ua === IPHONE ? ' (iPhone)' : ''}`,
  ...(budget === null ? {} : { budget }),
  request: async (site, tools) => new Request(`${site}${path}`, { headers: { 'User-Agent': ua, 'CF-Connecting-IP': tools.client() } }),
});

const post = (
  name: string,
  path: string,
  budget: number | undefined,
  body: ((tools: RouteTools, site: string) => Promise<BodyInit>) | null,
  type?: string,
  method = 'POST',
): RoundTripRoute => ({
  name,
  budget,
  request: async (site, tools) =>
    new Request(`${site}${path}`, {
      method,
      body: body ? await body(tools, site) : null,
      headers: {
        'User-Agent': DESKTOP,
        'CF-Connecting-IP': tools.client(),
        Origin: site,
        'Sec-Fetch-Site': 'same-origin',
        ...(type ? { 'Content-Type': type } : {}),
      },
    }),
});

/** A JSON call of the API, with the body `body` makes. */
const json = (
  name: string,
  path: string,
  budget: number | undefined,
  body: (tools: RouteTools, site: string) => unknown | Promise<unknown>,
): RoundTripRoute => post(name, path, budget, async (tools, site) => JSON.stringify(await body(tools, site)), 'application/json');

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
let tokens = 0;
/** A token a human check passes (the harness's siteverify accepts each once). */
export const humanToken = () => `solved-round-trips-${++tokens}`;

let numbers = 0;
/** A mobile number no other request of the harness texted (Fresno's 559 area, as the specs' examples). */
export const freshPhone = () => `(559) 555-${String(1000 + (++numbers % 9000)).padStart(4, '0')}`;

export const ROUND_TRIP_ROUTES: RoundTripRoute[] = [
  // Shell spec §2
  get('/embedded/termsofservice'),
  get('/embedded/privacy'),
  get('/embedded/billpay-termsofservice'),
  get('/termsofservice'),
  get('/privacy'),
  get('/download'),
  get('/download', IPHONE),
  get('/appsFlyer/landing'),
  get('/pay-appclip'),
  get('/financing'),
  get('/merchant-verification'),
  get('/confirmation'),
  get('/newpartner'),
  get('/update-password'),
  get('/update-password?x=RESET-VALID', DESKTOP, null),
  get('/pay-later'),
  get('/member-signup'),
  get('/account-link?error=access_denied'),
  get('/update-info-request'),
  get('/update-info-request?t=INFO-DEADLINE', DESKTOP, null),
  get('/getpaid'),
  get('/healthz'),
  get('/readyz', DESKTOP, null),
  get('/no/such/page/here'),
  get('/embedded/nothing'),
  // Pay-pages spec §2
  get('/pay'),
  get('/paynow'),
  get('/pay-contactless'),
  get('/contactless'),
  get('/pay-demo'),
  get('/demo'),
  get('/pay?p=index.php'),
  get('/valleymed'),
  get('/valleymed', IPHONE),
  get('/pay/valleymed'),
  get('/pay-now?p=valleymed'),
  get('/harborhealth'),
  get('/harborhealth/patient'),
  get('/metrowater'),
  get('/web-payment-multi-option/harborhealth'),
  get('/pay-widget?name=valleymed'),
  get('/pay-widget-imaginepay-button'),
  get('/pay-widget-restore-tab'),
  get('/web-payment'),
  get('/web-payment?p=1001'),
  get('/web-payment?p=1009&ib=1'),
  get('/web-payment?p=999999'),
  get('/api/web_payment.php?action=getPayees&term=valley&target=partner', DESKTOP, null),
  get('/api/payment_form_key?p=1001'),
  {
    name: 'GET /s/<key>',
    budget: ROUND_TRIP_BUDGETS.shortLink,
    request: async (site, tools) => new Request(`${site}/s/${await tools.shortLink()}`, { headers: { 'User-Agent': IPHONE } }),
  },
  // What costs money or sends a message (contract §3)
  post('POST /payment/payment_back.php (card payment)', '/payment/payment_back.php?p=1001', ROUND_TRIP_BUDGETS.payment, async (tools) =>
    form({ ...TEST_PAYMENT, ccn: freshCard(), formKey: await tools.formKey('1001'), humanToken: humanToken() }),
  ),
  post('POST /web-payment?p=1001 (card form without script)', '/web-payment?p=1001', ROUND_TRIP_BUDGETS.payment, async (tools) =>
    form({ _form: 'payment', ...TEST_PAYMENT, ccn: freshCard(), formKey: await tools.formKey('1001'), humanToken: humanToken() }),
  ),
  json('POST /api/send_sms_client.php (text-me-a-link)', '/api/send_sms_client.php', ROUND_TRIP_BUDGETS.text, (tools) => ({
    num: tools.phone(),
    payeeId: '1001',
    source: 'p',
    humanToken: humanToken(),
  })),
  post('POST /valleymed (text-me-a-link without script)', '/valleymed', ROUND_TRIP_BUDGETS.text, async (tools) =>
    form({ _form: 'sms', num: tools.phone(), humanToken: humanToken() }),
  ),
  json('POST /api/forgot_password_back.php (password reset)', '/api/forgot_password_back.php', undefined, () => ({
    x: 'RESET-VALID',
    np: 'a-new-password-1',
    humanToken: humanToken(),
  })),
  // The account flows' calls (contract §3), each through the API and as a form posted without script
  post('POST /api/payee_url.php', '/api/payee_url.php?url=valleymed', undefined, null),
  json('POST /api/404.php', '/api/404.php', undefined, () => ({ path: '/no/such/page' })),
  get('/api/unleash/is_enabled.php?featureName=pay-wpbp-redirect', DESKTOP, null),
  get('/api/update_info_request.php?t=INFO-DEADLINE', DESKTOP, null),
  json('POST /api/update_info_request.php (bill info answered)', '/api/update_info_request.php?t=INFO-DEADLINE', undefined, () => ({
    fields: [{ type: 'confirmDeadlineApproaching', name: 'Deadline', placeholder: '', value: 'confirm' }],
  })),
  post('DELETE /api/update_info_request.php', '/api/update_info_request.php?t=INFO-DEADLINE', undefined, null, undefined, 'DELETE'),
  post('POST /cancel_back.php', '/cancel_back.php?t=INFO-AMOUNT', undefined, null),
  post('POST /update-info-request (without script)', '/update-info-request?t=INFO-DEADLINE', undefined, async () =>
    form({ _form: 'info', answer: 'confirm' }),
  ),
  post('POST /update-password (password reset without script)', '/update-password?x=RESET-VALID', undefined, async () =>
    form({ _form: 'reset', x: 'RESET-VALID', np: 'a-new-password-1', confirm: 'a-new-password-1', humanToken: humanToken() }),
  ),
  json('POST /api/api_get_paid/get_paid.php (access code)', '/api/api_get_paid/get_paid.php', undefined, () => ({
    whichState: 'access',
    access: 'ACCESS1',
  })),
  post('POST /getpaid (access code without script)', '/getpaid', undefined, async () =>
    form({ _form: 'get-paid', whichState: 'access', access: 'ACCESS1' }),
  ),
  post('POST /api/member_signup.php', '/api/member_signup.php?p=NEW_METHOD&f=app&a=2', undefined, null),
  post('POST /member-signup (without script)', '/member-signup?camefrom=app&ad=2', undefined, async () =>
    form({ _form: 'membership', payment: 'NEW_METHOD' }),
  ),
  json('POST /api/pay_later.php', '/api/pay_later.php', undefined, () => ({ ue: 'bWVtYmVyQGV4YW1wbGUuY29t' })),
  post('POST /pay-later (without script)', '/pay-later?ue=bWVtYmVyQGV4YW1wbGUuY29t', undefined, async () =>
    form({ _form: 'pay-later', ue: 'bWVtYmVyQGV4YW1wbGUuY29t' }),
  ),
  json('POST /api/link_gmail_account.php', '/api/link_gmail_account.php', undefined, () => ({
    state: 's1',
    code: 'auth-code',
    scope: 'gmail.readonly',
  })),
  post('POST /account-link (without script)', '/account-link?code=auth-code', undefined, async () =>
    form({ _form: 'account-link', state: 's1', code: 'auth-code', scope: 'gmail.readonly' }),
  ),
  json('POST /api/shorten_url.php', '/api/shorten_url.php?action=shorten_url', undefined, (_tools, site) => ({
    url: `${site}/web-payment?p=1001`,
  })),
  get('/receipt/PAP-STANDIN1'),
  // Reports
  json('POST /api/browser-error', '/api/browser-error', ROUND_TRIP_BUDGETS.report, () => BROWSER_ERROR_REPORT),
  post(
    'POST /api/csp-report',
    '/api/csp-report',
    ROUND_TRIP_BUDGETS.report,
    async (tools) =>
      JSON.stringify([
        {
          type: 'csp-violation',
          url: `https://papaya.test/valleymed`,
          body: {
            documentURL: 'https://papaya.test/valleymed',
            effectiveDirective: 'script-src-elem',
            blockedURL: 'https://evil.example/x.js',
            disposition: 'enforce',
            lineNumber: 1,
            sourceFile: `https://papaya.test/x${tools.client().length}`,
          },
        },
      ]),
    'application/reports+json',
  ),
];
