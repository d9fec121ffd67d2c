import type { Context } from 'hono';
import { Hono } from '../lib/hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ACCOUNT_LINK_FORM, BASE64_LINK_VALUE, EmailLinkSchema, PayLaterSchema, TOKEN_SHAPE } from '../domain/api-schemas';
import { PRIVATE_PAGE } from '../security/headers';
import { humanCheckSiteKey, returnToAppUrl } from '../domain/config';
import { adOf, cameFromOf, priceFor, startView } from '../domain/membership';
import { PAY_LATER_FORM, PAY_LATER_RESULTS, promotionOpen } from '../domain/pay-later';
import { AccountLinkPage, type AccountLinkView } from '../pages/account-link';
import { MemberSignupPage } from '../pages/member-signup';
import { InfoRequestPage } from '../pages/info-request';
import { GetPaidPage } from '../pages/get-paid';
import { SUPPORT_EMAIL } from '../domain/site';
import { GET_PAID_FORM } from '../domain/get-paid';
import { INFO_FORM, INFO_RESULT_VIEWS } from '../domain/info-request';
import { RESET_FORM } from '../domain/password';
import { postedFor } from '../domain/posted-form';
import { postedForm } from '../web/form-post';
import { PayLaterPage } from '../pages/pay-later';
import { UpdatePasswordPage } from '../pages/update-password';
import type { AppEnv } from '../web/app-env';
import { slot } from '../web/page-reuse';
import { renderPage } from '../web/render';
import { TooManyTriesPage } from '../pages/too-many-tries';
import { isUnknown } from '../origin';
import { countLinkMiss, linkGuessingStopped } from './guards';

/** Account pages reached from an email, holding a one-time token. */
export const accountRoutes = new Hono<AppEnv>();

/** A client that tried too many links that matched nothing gets this instead of the page (429). */
function tooManyTries(c: Context<AppEnv>, stopped: { retryAfterSeconds: number }): Promise<Response> {
  return renderPage(c, <TooManyTriesPage retryAfterSeconds={stopped.retryAfterSeconds} />, {
    status: 429,
    translated: true,
    headers: { ...PRIVATE_PAGE, 'Retry-After': String(stopped.retryAfterSeconds) },
  });
}

accountRoutes.get('/update-password', (c) => {
  const token = c.req.query('x') ?? '';
  if (!token) return renderPage(c, <UpdatePasswordPage view="no-token" />, { headers: PRIVATE_PAGE, translated: true });
  // After the form was posted without script: the backend's answer about the link.
  const posted = postedFor(postedForm(c), RESET_FORM);
  if (posted?.done) return renderPage(c, <UpdatePasswordPage view="pass-changed" />, { headers: PRIVATE_PAGE, translated: true });
  const postedView = posted?.data?.view;
  if (postedView === 'expired' || postedView === 'mismatch')
    return renderPage(c, <UpdatePasswordPage view={postedView} />, { headers: PRIVATE_PAGE, translated: true });
  // A token that cannot be one is expired at once. A well-formed one gets the form, and the
  // island asks the backend about it (the spec's validation call), through the API that counts a
  // client's misses: opening a link tells nothing about it, and costs no backend call.
  if (!TOKEN_SHAPE.test(token)) return renderPage(c, <UpdatePasswordPage view="expired" />, { headers: PRIVATE_PAGE, translated: true });
  const siteKey = humanCheckSiteKey(c.get('config'));
  return renderPage(c, <UpdatePasswordPage view="show-form" token={slot('token')} humanCheckSiteKey={siteKey} />, {
    headers: PRIVATE_PAGE,
    reuse: { token },
    translated: true,
  });
});

accountRoutes.get('/pay-later', async (c) => {
  const until = c.get('config').payLaterUntil;
  if (!promotionOpen(until, new Date()))
    return renderPage(c, <PayLaterPage outcome={{ view: 'expired' }} until={until} />, { headers: PRIVATE_PAGE, translated: true });
  // After the email form was posted without script: its result.
  const posted = postedFor(postedForm(c), PAY_LATER_FORM);
  const postedResult = PAY_LATER_RESULTS.find((view) => view === posted?.data?.view);
  if (postedResult && (posted?.done || postedResult === 'oops'))
    return renderPage(c, <PayLaterPage outcome={{ view: postedResult, notFound: !!posted?.data?.notFound }} until={until} />, {
      headers: PRIVATE_PAGE,
      translated: true,
    });
  const ue = (c.req.query('ue') ?? '').trim();
  if (!ue)
    return renderPage(c, <PayLaterPage outcome={{ view: 'welcomeInput' }} until={until} />, { headers: PRIVATE_PAGE, translated: true });
  // A link carries the token, never the email itself, and only one the API would take.
  if (!BASE64_LINK_VALUE.test(ue) || !PayLaterSchema.safeParse({ ue }).success) {
    const stopped = await linkGuessingStopped(c);
    if (stopped) return tooManyTries(c, stopped);
    await countLinkMiss(c);
    return renderPage(c, <PayLaterPage outcome={{ view: 'oops' }} until={until} />, { headers: PRIVATE_PAGE, translated: true });
  }
  // The link enrols when the person presses its button (a form post), never when it is opened:
  // mail scanners open every emailed link.
  return renderPage(c, <PayLaterPage outcome={{ view: 'welcomeQuery' }} token={ue} until={until} />, {
    headers: PRIVATE_PAGE,
    translated: true,
  });
});

accountRoutes.get('/member-signup', (c) => {
  const ad = adOf(c.req.query('ad'));
  const cameFrom = cameFromOf(c.req.query('camefrom'));
  return renderPage(c, <MemberSignupPage price={priceFor(ad)} cameFrom={cameFrom} ad={ad} view={startView(c.req.query('v'))} />, {
    translated: true,
  });
});

const LINKED_COOKIE = 'papaya_email_linked';
/** A linked inbox is remembered for the browser session, so a reload shows success and posts nothing. */
export function rememberLinked(c: Context<AppEnv>): void {
  setCookie(c, LINKED_COOKIE, '1', { path: '/account-link', httpOnly: true, secure: true, sameSite: 'Lax' });
}

/**
 * The answer from sign-in, shown with a button that sends it on (the form post in routes/forms.ts):
 * opening the link never posts, so a scanner's or a preview's fetch cannot use its code up. Sign-in's
 * own refusal, or an answer that cannot be one, is the failure at once.
 */
accountRoutes.get('/account-link', (c) => {
  const posted = postedFor(postedForm(c), ACCOUNT_LINK_FORM);
  const answer = EmailLinkSchema.safeParse({
    state: c.req.query('state'),
    code: c.req.query('code'),
    scope: c.req.query('scope'),
    error: c.req.query('error'),
  });
  const pending = answer.success && answer.data.code && !answer.data.error ? answer.data : undefined;
  const view: AccountLinkView = getCookie(c, LINKED_COOKIE) === '1' || posted?.done ? 'linked' : posted || !pending ? 'failed' : 'confirm';
  const returnUrl = c.get('device') === 'apple' ? returnToAppUrl(c.get('config')) : undefined;
  return renderPage(c, <AccountLinkPage view={view} link={pending} returnUrl={returnUrl} refusal={posted?.error} />, {
    headers: PRIVATE_PAGE,
    translated: true,
  });
});

accountRoutes.get('/update-info-request', async (c) => {
  const token = c.req.query('t') ?? '';
  if (!TOKEN_SHAPE.test(token)) return renderPage(c, <InfoRequestPage error="invalidToken" />, { headers: PRIVATE_PAGE, translated: true });
  // After the form was posted without script: its result, the request no longer asked for.
  const posted = postedFor(postedForm(c), INFO_FORM);
  const result = posted?.done ? INFO_RESULT_VIEWS.find((view) => view === posted.data?.view) : undefined;
  if (result) return renderPage(c, <InfoRequestPage result={result} />, { headers: PRIVATE_PAGE, translated: true });
  const stopped = await linkGuessingStopped(c);
  if (stopped) return tooManyTries(c, stopped);
  const request = await c.get('origin').getInfoRequest(token);
  // The backend does not know the token: the spec's invalid-token view, not a failure to retrieve.
  if (isUnknown(request)) {
    await countLinkMiss(c);
    return renderPage(c, <InfoRequestPage error="invalidToken" />, { headers: PRIVATE_PAGE, translated: true });
  }
  if (!request.ok || request.value.length === 0)
    return renderPage(c, <InfoRequestPage error="retrieveFailed" />, { headers: PRIVATE_PAGE, translated: true });
  return renderPage(c, <InfoRequestPage token={token} fields={request.value} />, { headers: PRIVATE_PAGE, translated: true });
});

accountRoutes.get('/getpaid', async (c) => {
  const { billerPanelUrl } = c.get('config');
  const invite = c.req.query('i') ?? '';
  const base = { billerPanelUrl, helpEmail: SUPPORT_EMAIL };
  // Drawn again after a post without script: the island shows the view the post led to.
  if (postedFor(postedForm(c), GET_PAID_FORM))
    return renderPage(c, <GetPaidPage view="access" session={{}} invite={invite || undefined} {...base} />, {
      headers: PRIVATE_PAGE,
      translated: true,
    });
  if (!invite) return renderPage(c, <GetPaidPage view="access" session={{}} {...base} />, { headers: PRIVATE_PAGE, translated: true });
  // An invite that cannot be one is not sent on: the visitor gets the error view.
  if (!BASE64_LINK_VALUE.test(invite))
    return renderPage(c, <GetPaidPage view="oops" session={{}} {...base} />, { headers: PRIVATE_PAGE, translated: true });
  // An invite is sent on by the biller's Continue, never by opening the link: mail scanners open every link.
  return renderPage(c, <GetPaidPage view="preEmail" session={{}} invite={invite} {...base} />, { headers: PRIVATE_PAGE, translated: true });
});
