import {
  carryOutForm,
  humanToken,
  one,
  pageWithForm,
  samePageDone,
  typed,
  type Fields,
  type FormHandler,
  pageAgain,
} from '../web/form-post';
import { withCookies } from '../web/answer';
import { isFormBody, withChecked } from '../web/validate';
import { SMS_FORM } from '../domain/islands';
import { SmsRequestSchema } from '../domain/sms-request';
import { textLink } from '../features/text-link';
import type { Context } from 'hono';
import { Hono } from '../lib/hono';
import { humanCheckSiteKey, storeUrlFor } from '../settings/config';
import { PROVIDER_CODE, type PayRoute } from '../domain/payee-resolution';
import { payPageResolution } from '../features/payee';
import { PayPage, MultiOptionPage } from '../pages/pay';
import { webPaymentOffered } from '../domain/web-payment';
import { PayUnavailablePage } from '../pages/pay-unavailable';
import type { AppEnv } from '../web/app-env';
import { IsolateMemo } from '../lib/isolate-memo';
import { renderPage } from '../web/render';
import { addressOf } from '../lib/address';
import { runLater } from '../web/middleware';
import { notFound } from './not-found';

/** The pay pages: the payee is resolved before the first byte, then a page, a redirect or a 404. */
export const payRoutes = new Hono<AppEnv>();
/** The forms of a pay page: text-me-a-link. */
const PAY_PAGE_FORMS = { [SMS_FORM]: smsForm };
type C = Context<AppEnv>;

/** Paths this isolate reported lately: a crawler or a bot repeating one path is reported once a minute. */
const reported = new IsolateMemo<true>(1000);
const REPORT_AGAIN_MS = 60_000;

/** Reports a payee 404 to the origin once, after the answer has gone. */
function reportNotFound(c: C): Promise<Response> {
  const { pathname, search } = addressOf(c.req.url);
  const path = `${pathname}${search}`.slice(0, 2000);
  if (!reported.get(path)) {
    reported.set(path, true, Date.now() + REPORT_AGAIN_MS);
    runLater(c, c.get('origin').report404(path));
  }
  return notFound(c);
}

/** The backend could not say who the payee is: a page that says so, never a wrong 404. */
export function payUnavailable(c: C): Promise<Response> {
  return renderPage(c, <PayUnavailablePage />, { status: 503, headers: { 'Retry-After': '30' }, reuse: true });
}

/** A pay page: the payee resolved before the first byte, then the page, a redirect or a 404. */
async function payPage(c: C, query: string, route: PayRoute, page: string): Promise<Response> {
  const resolution = await payPageResolution(c, query, route);
  if (!resolution) return payUnavailable(c);
  if (resolution.kind === 'redirect') return c.redirect(resolution.location, 302);
  if (resolution.kind === 'not-found') return reportNotFound(c);
  const payee = resolution.kind === 'provider-sms' ? resolution.payee : null;
  return renderPage(
    c,
    <PayPage page={page} payee={payee} webPayment={!!payee && webPaymentOffered(payee, c.get('config'))} {...payPageLinks(c)} />,
    { reuse: true },
  );
}

/** The payee a pay page is for; a value too long to be a payee name is kept whole, so it is no payee. */
const named = (c: C) => c.req.query('oid') ?? c.req.query('p') ?? '';

for (const [path, page] of [
  ['/pay', 'Pay'],
  ['/pay-now', 'Pay-Now'],
  ['/paynow', 'Pay-Now'],
  ['/pay-contactless', 'Pay-Contactless'],
  ['/contactless', 'Pay-Contactless'],
  ['/pay-demo', 'Pay-Demo'],
  ['/demo', 'Pay-Demo'],
] as const) {
  pageWithForm(payRoutes, path, (c) => payPage(c, named(c), 'pay', page), PAY_PAGE_FORMS);
}

pageWithForm(
  payRoutes,
  '/pay/:provider',
  (c) => {
    const provider = c.req.param('provider') ?? '';
    return PROVIDER_CODE.test(provider) ? payPage(c, provider, 'provider', 'Pay') : notFound(c);
  },
  PAY_PAGE_FORMS,
);

payRoutes.get('/web-payment-multi-option/:provider', async (c) => {
  const provider = c.req.param('provider');
  if (!PROVIDER_CODE.test(provider)) return reportNotFound(c);
  const lookup = await c.get('origin').cachedPayeeByUrl(provider);
  if (!lookup.ok) return payUnavailable(c);
  if (!lookup.value) return reportNotFound(c);
  return renderPage(c, <MultiOptionPage provider={provider} payee={lookup.value} />, { reuse: true });
});

/**
 * Paths no route claims: a single segment is tried as a provider code (`/valleymed`), a longer
 * path by its first segment (`/valleymed/anything`); anything else is the not-found page. Kept
 * out of the route table, so every route there is matched by one regular expression.
 */
export function unclaimedPath(c: C): Promise<Response> {
  // A pay page's text form posted without script is carried out here too (never a post to the API).
  const isApiPath = c.req.path.startsWith('/api/') || c.req.path.endsWith('.php');
  const pagePost = c.req.method === 'POST' && c.get('form') === undefined && isFormBody(c) && !isApiPath;
  if (pagePost) return carryOutForm(c, PAY_PAGE_FORMS, drawUnclaimed, notFound);
  return c.req.method === 'GET' || c.req.method === 'HEAD' ? drawUnclaimed(c) : notFound(c);
}

/** An unclaimed path's page: a provider's pay page by its first segment, or the not-found page. */
function drawUnclaimed(c: C): Promise<Response> {
  const match = /^\/([^/]+)(\/.*)?$/.exec(c.req.path);
  const provider = match ? decodeSegment(match[1]!) : null;
  if (!provider || !PROVIDER_CODE.test(provider)) return notFound(c);
  return match![2] === undefined ? payPage(c, provider, 'provider', 'Pay-Provider') : payPage(c, provider, 'slash', 'Pay-Slash');
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Text-me-a-link (pay pages, the widget, the not-found page), posted without script. */
export async function smsForm(c: Context<AppEnv>, fields: Fields): ReturnType<FormHandler> {
  const values = typed(fields, ['num']);
  const request = {
    num: values.num ?? '',
    payeeId: one(fields, 'payeeId') || undefined,
    source: one(fields, 'source') || undefined,
    humanToken: humanToken(fields),
  };
  const answer = await withChecked(c, SmsRequestSchema, request, (checked) => textLink(c, checked));
  if (answer.status === 200) return withCookies(samePageDone(c, SMS_FORM), answer);
  return pageAgain({ form: SMS_FORM, values, errors: {} }, answer);
}

/** What every pay page offers beside its form: the device's store, the other stores, the human check. */
export function payPageLinks(c: C) {
  const config = c.get('config');
  const device = c.get('device');
  return {
    storeUrl: device === 'desktop' ? undefined : storeUrlFor(config, device),
    humanCheckSiteKey: humanCheckSiteKey(config),
    appStoreUrl: config.appStoreUrl,
    playStoreUrl: config.playStoreUrl,
  };
}
