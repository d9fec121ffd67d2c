import {
  humanToken,
  one,
  pageAgain,
  samePageDone,
  seeOther,
  typed,
  type Fields,
  type FormHandler,
  postedForm,
  pageWithForm,
} from '../web/form-post';
import {
  NewPasswordSchema,
  ACCOUNT_LINK_FORM,
  BASE64_LINK_VALUE,
  EmailLinkSchema,
  MemberSignupQuerySchema,
  PasswordResetSchema,
  PayLaterSchema,
  TOKEN_SHAPE,
} from '../domain/api-schemas';
import { fieldErrorsIn, withChecked } from '../web/validate';
import { isRefused } from '../web/answer';
import { linkInbox } from '../features/inbox-link';
import { joinWaitlist } from '../features/membership';
import { resetPassword } from '../features/password-reset';
import { payLater } from '../features/pay-later';
import { resetRefusedBySite, resetView, RESET_FORM } from '../domain/password';
import { looksLikeEmail } from '../domain/email';
import { emailToken, payLaterOutcome, PAY_LATER_FORM, PAY_LATER_RESULTS, promotionOpen } from '../domain/pay-later';
import { MEMBERSHIP_FORM, PAYMENT_CHOICES, adOf, cameFromOf, priceFor, startView } from '../domain/membership';
import { wordsOf } from '../web/words';
import { tooManyTries } from './guards';
import { countLinkMiss, linkGuessingStopped } from '../web/guard-answers';
import type { Context } from 'hono';
import { Hono } from '../lib/hono';
import { getCookie, setCookie } from 'hono/cookie';
import { PRIVATE_PAGE } from '../security/headers';
import { humanCheckSiteKey, returnToAppUrl } from '../settings/config';
import { AccountLinkPage, type AccountLinkView } from '../pages/account-link';
import { MemberSignupPage } from '../pages/member-signup';
import { postedFor } from '../domain/posted-form';
import { PayLaterPage } from '../pages/pay-later';
import { UpdatePasswordPage } from '../pages/update-password';
import type { AppEnv } from '../web/app-env';
import { slot } from '../web/page-reuse';
import { renderPage, renderPrivatePage } from '../web/render';

/** Account pages reached from an email, holding a one-time token. */
export const accountRoutes = new Hono<AppEnv>();

pageWithForm(
  accountRoutes,
  '/update-password',
  (c) => {
    const token = c.req.query('x') ?? '';
    if (!token) return renderPrivatePage(c, <UpdatePasswordPage view="no-token" />);
    // After the form was posted without script: the backend's answer about the link.
    const posted = postedFor(postedForm(c), RESET_FORM);
    if (posted?.done) return renderPrivatePage(c, <UpdatePasswordPage view="pass-changed" />);
    const postedView = posted?.data?.view;
    if (postedView === 'expired' || postedView === 'mismatch') return renderPrivatePage(c, <UpdatePasswordPage view={postedView} />);
    // A token that cannot be one is expired at once. A well-formed one gets the form, and the
    // island asks the backend about it (the spec's validation call), through the API that counts a
    // client's misses: opening a link tells nothing about it, and costs no backend call.
    if (!TOKEN_SHAPE.test(token)) return renderPrivatePage(c, <UpdatePasswordPage view="expired" />);
    const siteKey = humanCheckSiteKey(c.get('config'));
    return renderPage(c, <UpdatePasswordPage view="show-form" token={slot('token')} humanCheckSiteKey={siteKey} />, {
      headers: PRIVATE_PAGE,
      reuse: { token },
    });
  },
  { [RESET_FORM]: resetForm },
);

pageWithForm(
  accountRoutes,
  '/pay-later',
  async (c) => {
    const until = c.get('config').payLaterUntil;
    if (!promotionOpen(until, new Date())) return renderPrivatePage(c, <PayLaterPage outcome={{ view: 'expired' }} until={until} />);
    // After the email form was posted without script: its result.
    const posted = postedFor(postedForm(c), PAY_LATER_FORM);
    const postedResult = PAY_LATER_RESULTS.find((view) => view === posted?.data?.view);
    if (postedResult && (posted?.done || postedResult === 'oops'))
      return renderPrivatePage(c, <PayLaterPage outcome={{ view: postedResult, notFound: !!posted?.data?.notFound }} until={until} />);
    const ue = (c.req.query('ue') ?? '').trim();
    if (!ue) return renderPrivatePage(c, <PayLaterPage outcome={{ view: 'welcomeInput' }} until={until} />);
    // A link carries the token, never the email itself, and only one the API would take.
    if (!BASE64_LINK_VALUE.test(ue) || !PayLaterSchema.safeParse({ ue }).success) {
      const stopped = await linkGuessingStopped(c);
      if (stopped) return tooManyTries(c, stopped);
      countLinkMiss(c);
      return renderPrivatePage(c, <PayLaterPage outcome={{ view: 'oops' }} until={until} />);
    }
    // The link enrols when the person presses its button (a form post), never when it is opened:
    // mail scanners open every emailed link.
    return renderPrivatePage(c, <PayLaterPage outcome={{ view: 'welcomeQuery' }} token={ue} until={until} />);
  },
  { [PAY_LATER_FORM]: payLaterForm },
);

pageWithForm(
  accountRoutes,
  '/member-signup',
  (c) => {
    const ad = adOf(c.req.query('ad'));
    const cameFrom = cameFromOf(c.req.query('camefrom'));
    return renderPage(c, <MemberSignupPage price={priceFor(ad)} cameFrom={cameFrom} ad={ad} view={startView(c.req.query('v'))} />);
  },
  { [MEMBERSHIP_FORM]: membershipForm },
);

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
pageWithForm(
  accountRoutes,
  '/account-link',
  (c) => {
    const posted = postedFor(postedForm(c), ACCOUNT_LINK_FORM);
    const answer = EmailLinkSchema.safeParse({
      state: c.req.query('state'),
      code: c.req.query('code'),
      scope: c.req.query('scope'),
      error: c.req.query('error'),
    });
    const pending = answer.success && answer.data.code && !answer.data.error ? answer.data : undefined;
    const view: AccountLinkView =
      getCookie(c, LINKED_COOKIE) === '1' || posted?.done ? 'linked' : posted || !pending ? 'failed' : 'confirm';
    const returnUrl = c.get('device') === 'apple' ? returnToAppUrl(c.get('config')) : undefined;
    return renderPrivatePage(c, <AccountLinkPage view={view} link={pending} returnUrl={returnUrl} refusal={posted?.error} />);
  },
  { [ACCOUNT_LINK_FORM]: accountLinkForm },
);

/** The new password (update-password page): checked here, then changed by `resetPassword`, as the API changes it. */
export async function resetForm(c: Context<AppEnv>, fields: Fields): ReturnType<FormHandler> {
  const check = NewPasswordSchema.safeParse({ np: one(fields, 'np') ?? '', confirm: one(fields, 'confirm') ?? '' });
  // A password is never written back into the page.
  if (!check.success) return pageAgain({ form: RESET_FORM, values: {}, errors: fieldErrorsIn(c, check.error) }, 400);
  const request = { x: one(fields, 'x') ?? '', np: check.data.np, humanToken: humanToken(fields) };
  const answer = await withChecked(c, PasswordResetSchema, request, (checked) => resetPassword(c, checked));
  if (resetRefusedBySite(answer.status)) return pageAgain({ form: RESET_FORM, values: {}, errors: {} }, answer);
  // A failure of the call is the expired view, as with script (spec §8).
  const view = resetView(isRefused(answer) ? null : answer.body);
  if (view === 'pass-changed') return samePageDone(c, RESET_FORM);
  return pageAgain({ form: RESET_FORM, values: {}, errors: {}, data: { view } }, answer.status);
}

/** The pay-later opt-in by email (`payLater`, as the API opts in): a 303 to the result, or the email again with its error. */
export async function payLaterForm(c: Context<AppEnv>, fields: Fields): ReturnType<FormHandler> {
  const ue = one(fields, 'ue');
  if (ue !== undefined) {
    // The emailed link's button: its token enrols, and the result is shown.
    const answer = await withChecked(c, PayLaterSchema, { ue }, (checked) => payLater(c, checked.ue));
    if (answer.status === 429) return pageAgain({ form: PAY_LATER_FORM, values: {}, errors: {} }, answer);
    const outcome = payLaterOutcome('welcomeQuery', isRefused(answer) ? null : answer.body);
    if (outcome.view !== 'oops') return samePageDone(c, PAY_LATER_FORM, outcome.view);
    const data = { view: 'oops', ...(outcome.notFound ? { notFound: '1' } : {}) };
    return pageAgain({ form: PAY_LATER_FORM, values: {}, errors: {}, data }, answer.status);
  }
  const values = typed(fields, ['email']);
  const email = values.email?.trim() ?? '';
  const words = wordsOf(c).payLater;
  if (!looksLikeEmail(email))
    return pageAgain({ form: PAY_LATER_FORM, values, errors: { email: email ? words.invalidEmail : words.required } }, 400);
  const answer = await payLater(c, emailToken(email));
  if (answer.status === 429) return pageAgain({ form: PAY_LATER_FORM, values, errors: {} }, answer);
  const outcome = payLaterOutcome('welcomeInput', isRefused(answer) ? null : answer.body);
  if (outcome.view !== 'welcomeInput') return samePageDone(c, PAY_LATER_FORM, outcome.view);
  return pageAgain({ form: PAY_LATER_FORM, values, errors: { email: outcome.notFound ? words.notFoundEmail : words.required } }, 400);
}

/** Linking an inbox: the answer from sign-in sent on by the visitor's button, success remembered for the session. */
export async function accountLinkForm(c: Context<AppEnv>, fields: Fields): ReturnType<FormHandler> {
  const link = { state: one(fields, 'state') ?? '', code: one(fields, 'code') ?? '', scope: one(fields, 'scope') ?? '', error: '' };
  const answer = await withChecked(c, EmailLinkSchema, link, (checked) => linkInbox(c, checked));
  if (answer.status === 429) return pageAgain({ form: ACCOUNT_LINK_FORM, values: {}, errors: {} }, answer);
  if (isRefused(answer) || answer.body.success !== 'true')
    return pageAgain({ form: ACCOUNT_LINK_FORM, values: {}, errors: {} }, answer.status);
  rememberLinked(c);
  // Without the code in the address: a reload or a shared link shows the result and posts nothing.
  return seeOther(c, `/account-link?done=${ACCOUNT_LINK_FORM}`);
}

/** The membership waitlist: the payment choice (`joinWaitlist`, as the API joins), then a 303 to the joined view. */
export async function membershipForm(c: Context<AppEnv>, fields: Fields): ReturnType<FormHandler> {
  const page = new URL(c.req.url);
  const choice = PAYMENT_CHOICES.find((p) => p === one(fields, 'payment'));
  const values: Record<string, string> = choice ? { payment: choice } : {};
  if (!choice) return pageAgain({ form: MEMBERSHIP_FORM, values, errors: {}, error: wordsOf(c).memberSignup.serverError }, 400);
  const query = {
    p: choice,
    f: cameFromOf(page.searchParams.get('camefrom') ?? undefined),
    a: adOf(page.searchParams.get('ad') ?? undefined),
  };
  const answer = await withChecked(c, MemberSignupQuerySchema, query, (checked) => joinWaitlist(c, checked));
  if (!isRefused(answer) && answer.body.success === true) return samePageDone(c, MEMBERSHIP_FORM);
  return pageAgain(
    { form: MEMBERSHIP_FORM, values, errors: {}, error: wordsOf(c).memberSignup.serverError },
    answer.status === 200 ? 502 : answer.status,
  );
}
