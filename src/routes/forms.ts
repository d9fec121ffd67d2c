import type { Context, MiddlewareHandler, Next } from 'hono';
import { FORM_FIELD } from '../domain/islands';
import type { PostedForm } from '../domain/posted-form';
import { HUMAN_TOKEN_FIELD } from '../domain/human-check';
import { fieldErrors } from '../domain/errors';
import { adOf, cameFromOf, MEMBERSHIP_FORM, PAYMENT_CHOICES } from '../domain/membership';
import {
  GET_PAID_FORM,
  GET_PAID_VIEWS,
  getPaidCall,
  getPaidErrors,
  successTarget,
  type GetPaidResponse,
  type GetPaidValues,
  type GetPaidView,
  type Session,
} from '../domain/get-paid';
import { allAnswered, type Field, INFO_FORM, infoFieldName, isConfirmation } from '../domain/info-request';
import { looksLikeEmail } from '../domain/email';
import { emailToken, PAY_LATER_FORM, payLaterOutcome, type PayLaterResult } from '../domain/pay-later';
import { ACCOUNT_LINK_FORM, NewPasswordSchema } from '../domain/api-schemas';
import { rememberLinked } from './account';
import { RESET_FORM, resetRefusedBySite, resetView } from '../domain/password';
import type { DeclineField } from '../domain/declines';
import { CARD_FIELDS, PAYER_FIELDS, PAYMENT_FORM, UNREPEATED_CARD_FIELDS } from '../domain/payment';
import { payerSchema } from '../domain/payment-schemas';
import { wordsOf } from '../web/words';
import type { AppEnv } from '../web/app-env';
import { callApi, pageAgain, samePageDone, seeOther, withApiCookies, type ApiAnswer, type Dispatch } from '../web/form-post';
import { fieldErrorsIn, isFormBody, readForm } from '../web/validate';

/**
 * Forms posted without script. A page's form posts to the page's own URL with a hidden `_form`
 * field naming it; the handler here carries it out through the site's API route, then answers a
 * 303 or the page again (src/web/form-post.ts). Posts to the API itself (`/api/…`, `….php`) are
 * the islands' and old clients' and never come here.
 */
type Fields = Map<string, string[]>;
type FormHandler = (c: Context<AppEnv>, fields: Fields, dispatch: Dispatch) => Promise<Response>;

/** Largest form a page takes. */
const MAX_FORM_BYTES = 16 * 1024;

const one = (fields: Fields, name: string): string | undefined => fields.get(name)?.[0];

/** What the visitor typed, for the fields named (never a card number or security code). */
const typed = (fields: Fields, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, one(fields, n) ?? '']).filter(([, v]) => v !== ''));

/** The human-check token, from Turnstile's own field or ours. */
const humanToken = (fields: Fields) => one(fields, HUMAN_TOKEN_FIELD) || one(fields, 'humanToken') || undefined;

/** The API's refusal as the posted form's state. */
function refused(c: Context<AppEnv>, form: string, values: Record<string, string>, answer: ApiAnswer): PostedForm {
  const fields = (answer.body.fields ?? {}) as Record<string, string>;
  const error = typeof answer.body.error === 'string' ? answer.body.error : wordsOf(c).api.somethingWrong;
  return { form, values, errors: fields, error };
}

/** Draws the page again with the API's refusal, keeping its status and any Retry-After. */
function again(c: Context<AppEnv>, dispatch: Dispatch, posted: PostedForm, answer: ApiAnswer) {
  const retry = answer.headers.get('Retry-After');
  return pageAgain(c, dispatch, posted, answer.status, retry ? { 'Retry-After': retry } : {});
}

export const FORMS: Record<string, FormHandler> = {
  /** Text-me-a-link (pay pages, the widget, the not-found page). */
  async sms(c, fields, dispatch) {
    const values = typed(fields, ['num']);
    const answer = await callApi(c, dispatch, 'POST', '/api/send_sms_client.php', {
      num: values.num ?? '',
      payeeId: one(fields, 'payeeId') || undefined,
      source: one(fields, 'source') || undefined,
      humanToken: humanToken(fields),
    });
    if (answer.status === 200) return samePageDone(c, 'sms');
    return again(c, dispatch, refused(c, 'sms', values, answer), answer);
  },
};

/** The new password (update-password page): checked here, then changed through the API. */
FORMS[RESET_FORM] = async (c, fields, dispatch) => {
  const check = NewPasswordSchema.safeParse({ np: one(fields, 'np') ?? '', confirm: one(fields, 'confirm') ?? '' });
  // A password is never written back into the page.
  if (!check.success) return pageAgain(c, dispatch, { form: RESET_FORM, values: {}, errors: fieldErrorsIn(c, check.error) }, 400);
  const answer = await callApi(c, dispatch, 'POST', '/api/forgot_password_back.php', {
    x: one(fields, 'x') ?? '',
    np: check.data.np,
    humanToken: humanToken(fields),
  });
  if (resetRefusedBySite(answer.status)) return again(c, dispatch, refused(c, RESET_FORM, {}, answer), answer);
  // A failure of the call is the expired view, as with script (spec §8).
  const view = resetView(answer.status === 200 ? (answer.body as { success: boolean; status: string }) : null);
  if (view === 'pass-changed') return samePageDone(c, RESET_FORM);
  return pageAgain(c, dispatch, { form: RESET_FORM, values: {}, errors: {}, data: { view } }, answer.status);
};

/**
 * The web payment form (`/web-payment?p=…`): the first step is checked against the payee's rules
 * and the page drawn again at the card step; the second is the payment itself, through the API.
 */
FORMS[PAYMENT_FORM] = async (c, fields, dispatch) => {
  const page = new URL(c.req.url);
  const p = page.searchParams.get('p') ?? '';
  const company = page.searchParams.get('ib') === '1';
  const invoices = fields.get('invoice') ?? [];
  const payer = typed(fields, PAYER_FIELDS);
  const card = typed(
    fields,
    CARD_FIELDS.filter((name) => !UNREPEATED_CARD_FIELDS.includes(name)),
  );
  const values = { ...payer, ...card, ...Object.fromEntries(invoices.map((v, i) => [`invoices.${i}`, v])) };
  const posted = (step: 'payer' | 'card', rest: Partial<PostedForm> = {}): PostedForm => ({
    form: PAYMENT_FORM,
    values,
    errors: {},
    ...rest,
    data: { step, ...rest.data },
  });
  const steps = fields.get('step') ?? [];
  if (steps.includes('edit')) return pageAgain(c, dispatch, posted('payer'), 200);

  if (steps[0] === 'payer') {
    const payee = await c.get('origin').cachedPayeeById(p);
    // The page itself says when the payee cannot be shown or paid.
    if (!payee.ok || !payee.value) return pageAgain(c, dispatch, posted('payer'), payee.ok ? 404 : 503);
    const check = payerSchema(payee.value, { company }, wordsOf(c).paymentProblems).safeParse({
      ...payer,
      account: company ? undefined : (payer.account ?? ''),
      invoices: company ? invoices : undefined,
    });
    if (!check.success) return pageAgain(c, dispatch, posted('payer', { errors: fieldErrors(check.error) }), 400);
    return pageAgain(c, dispatch, posted('card'), 200);
  }

  const body = new FormData();
  for (const name of [...PAYER_FIELDS, ...CARD_FIELDS]) {
    const value = one(fields, name);
    if (value && !(company && name === 'account')) body.append(name, value);
  }
  if (company) {
    for (const invoice of invoices) body.append('invoice', invoice);
    body.append('isBtoB', 'true');
  }
  body.append('idempotencyKey', one(fields, 'idempotencyKey') ?? '');
  const token = humanToken(fields);
  if (token) body.append('humanToken', token);
  const query = new URLSearchParams({ p });
  if (page.searchParams.has('emailOpt')) query.set('optE', 'true');
  if (page.searchParams.has('silent')) query.set('silent', '1');
  if (page.searchParams.has('g')) query.set('generic', '1');
  const answer = await callApi(c, dispatch, 'POST', `/payment/payment_back.php?${query}`, body);
  const result = answer.body as {
    status?: string;
    confirmationUrl?: string;
    message?: string;
    formKey?: string;
    field?: DeclineField;
    fields?: Record<string, string>;
    expired?: boolean;
  };
  // The API made the receipt address safe (this site, the web-pay host or the backend's).
  if (answer.status === 200 && result.status === 'success' && result.confirmationUrl) return seeOther(c, result.confirmationUrl);
  const data: Record<string, string> = result.formKey ? { formKey: result.formKey } : {};
  if (answer.status === 200 && result.status === 'error') {
    // A decline: the processor's message at the field to correct, a new key. The card number is
    // never written back, so at the security code the message also asks for the number again.
    const message = result.message ?? wordsOf(c).api.declined;
    const errors: Record<string, string> =
      result.field === 'cvv' ? { cvv: `${message} ${wordsOf(c).paymentForm.typeCardAgain}` } : { ccn: message };
    return pageAgain(c, dispatch, posted('card', { errors, error: message, data }), 402);
  }
  // The form was open past its key's life: drawn again with a fresh key and every value kept but the card's.
  if (result.expired && result.formKey)
    return pageAgain(c, dispatch, posted('card', { errors: {}, error: wordsOf(c).paymentForm.renewed, data }), 400);
  const refusal = refused(c, PAYMENT_FORM, values, answer);
  const payerError = Object.keys(refusal.errors).some((name) => (PAYER_FIELDS as readonly string[]).includes(name) || name === 'invoice');
  return again(c, dispatch, posted(payerError ? 'payer' : 'card', { errors: refusal.errors, error: refusal.error, data }), answer);
};

/** The pay-later opt-in by email: through the API, then a 303 to the result, or the email again with its error. */
FORMS[PAY_LATER_FORM] = async (c, fields, dispatch) => {
  const ue = one(fields, 'ue');
  if (ue !== undefined) {
    // The emailed link's button: its token enrols, and the result is shown.
    const answer = await callApi(c, dispatch, 'POST', '/api/pay_later.php', { ue });
    if (answer.status === 429) return again(c, dispatch, refused(c, PAY_LATER_FORM, {}, answer), answer);
    const outcome = payLaterOutcome('welcomeQuery', answer.status === 200 ? (answer.body as PayLaterResult) : null);
    if (outcome.view !== 'oops') return samePageDone(c, PAY_LATER_FORM, outcome.view);
    const data = { view: 'oops', ...(outcome.notFound ? { notFound: '1' } : {}) };
    return pageAgain(c, dispatch, { form: PAY_LATER_FORM, values: {}, errors: {}, data }, answer.status === 200 ? 200 : answer.status);
  }
  const values = typed(fields, ['email']);
  const email = values.email?.trim() ?? '';
  if (!looksLikeEmail(email))
    return pageAgain(
      c,
      dispatch,
      { form: PAY_LATER_FORM, values, errors: { email: email ? wordsOf(c).payLater.invalidEmail : wordsOf(c).payLater.required } },
      400,
    );
  const answer = await callApi(c, dispatch, 'POST', '/api/pay_later.php', { ue: emailToken(email) });
  if (answer.status === 429) return again(c, dispatch, refused(c, PAY_LATER_FORM, values, answer), answer);
  const outcome = payLaterOutcome('welcomeInput', answer.status === 200 ? (answer.body as PayLaterResult) : null);
  if (outcome.view === 'welcomeInput')
    return pageAgain(
      c,
      dispatch,
      {
        form: PAY_LATER_FORM,
        values,
        errors: { email: outcome.notFound ? wordsOf(c).payLater.notFoundEmail : wordsOf(c).payLater.required },
      },
      400,
    );
  return samePageDone(c, PAY_LATER_FORM, outcome.view);
};

/** A bill-info request (`/update-info-request?t=…`): confirm, decline then cancel, or the biller's fields. */
FORMS[INFO_FORM] = async (c, fields, dispatch) => {
  const page = new URL(c.req.url);
  const q = `t=${encodeURIComponent(page.searchParams.get('t') ?? '')}`;
  const state = (rest: Partial<PostedForm>): PostedForm => ({ form: INFO_FORM, values: {}, errors: {}, ...rest });
  const button = one(fields, 'answer');
  if (button === 'decline') return pageAgain(c, dispatch, state({ data: { declining: '1' } }), 200);
  if (button === 'back') return seeOther(c, `${page.pathname}${page.search}`);
  if (button === 'cancel') {
    const cancelled = await callApi(c, dispatch, 'POST', `/cancel_back.php?${q}`);
    if (cancelled.status === 200 && cancelled.body.success === true) return samePageDone(c, INFO_FORM, 'cancelled');
    if (cancelled.status === 429) return again(c, dispatch, refused(c, INFO_FORM, {}, cancelled), cancelled);
    return pageAgain(c, dispatch, state({ error: wordsOf(c).infoRequest.cancelFailed }), cancelled.status === 200 ? 502 : cancelled.status);
  }

  const asked = await callApi(c, dispatch, 'GET', `/api/update_info_request.php?${q}`);
  const list = asked.status === 200 && Array.isArray(asked.body.requestedInfo) ? (asked.body.requestedInfo as Field[]) : null;
  // The page itself says when the link is unknown or the request cannot be read.
  if (!list) return pageAgain(c, dispatch, state({}), asked.status);
  const values = Object.fromEntries(list.map((_, i) => [infoFieldName(i), one(fields, infoFieldName(i)) ?? '']));
  const answers = isConfirmation(list)
    ? list.map((f) => ({ ...f, value: 'confirmed' }))
    : list.map((f, i) => ({ ...f, value: values[infoFieldName(i)]!.trim() }));
  if (!isConfirmation(list) && !allAnswered(answers)) {
    const errors = Object.fromEntries(answers.flatMap((f, i) => (f.value ? [] : [[infoFieldName(i), wordsOf(c).infoRequest.required]])));
    return pageAgain(c, dispatch, state({ values, errors }), 400);
  }
  const sent = await callApi(c, dispatch, 'POST', `/api/update_info_request.php?${q}`, { fields: answers });
  if (sent.status === 200 && sent.body.success === true) return samePageDone(c, INFO_FORM, 'in-progress');
  if (sent.status === 429) return again(c, dispatch, refused(c, INFO_FORM, values, sent), sent);
  return pageAgain(c, dispatch, state({ values, error: wordsOf(c).infoRequest.submitFailed }), sent.status === 200 ? 502 : sent.status);
};

/** The biller get-paid flow: each view's fields checked, sent through the API, the next view drawn. */
FORMS[GET_PAID_FORM] = async (c, fields, dispatch) => {
  const view = GET_PAID_VIEWS.find((v) => v === one(fields, 'whichState')) ?? 'access';
  const invite = one(fields, 'i') || undefined;
  const session: Session = Object.fromEntries(
    (['sessionToken', 'payeeName', 'amount'] as const).flatMap((name) => (one(fields, name) ? [[name, one(fields, name)]] : [])),
  );
  const values: GetPaidValues = {
    access: one(fields, 'access') ?? '',
    signup: one(fields, 'signup') === '1',
    email: one(fields, 'email') ?? '',
    pass: one(fields, 'pass') ?? '',
    confirm: one(fields, 'confirm') ?? '',
    fax: one(fields, 'fax') ?? '',
    statements: one(fields, 'statements') ?? '',
  };
  // Passwords are never written back into the page.
  const kept = typed(fields, ['access', 'signup', 'email', 'fax', 'statements']);
  const state = (at: GetPaidView, withSession: Session, rest: Partial<PostedForm> = {}): PostedForm => ({
    form: GET_PAID_FORM,
    values: kept,
    errors: {},
    ...rest,
    data: { view: at, session: JSON.stringify(withSession) },
  });
  const errors = getPaidErrors(view, values, wordsOf(c).getPaid);
  if (Object.keys(errors).length) return pageAgain(c, dispatch, state(view, session, { errors }), 400);
  const answer = await callApi(c, dispatch, 'POST', '/api/api_get_paid/get_paid.php', getPaidCall(view, values, session, invite));
  if (answer.status === 429) {
    const refusal = refused(c, GET_PAID_FORM, kept, answer);
    return again(c, dispatch, state(view, session, { errors: refusal.errors, error: refusal.error }), answer);
  }
  if (answer.status !== 200) return pageAgain(c, dispatch, state('oops', {}, { values: {} }), answer.status);
  const { nextView, ...next } = answer.body as unknown as GetPaidResponse;
  const target = successTarget(nextView, next, c.get('config').billerPanelUrl);
  if (target) return seeOther(c, target);
  return pageAgain(c, dispatch, state(nextView, next, nextView === view ? {} : { values: {} }), 200);
};

/** Linking an inbox: the answer from sign-in sent on by the visitor's button, success remembered for the session. */
FORMS[ACCOUNT_LINK_FORM] = async (c, fields, dispatch) => {
  const answer = await callApi(c, dispatch, 'POST', '/api/link_gmail_account.php', {
    state: one(fields, 'state') ?? '',
    code: one(fields, 'code') ?? '',
    scope: one(fields, 'scope') ?? '',
    error: '',
  });
  if (answer.status === 429) return again(c, dispatch, refused(c, ACCOUNT_LINK_FORM, {}, answer), answer);
  if (answer.status !== 200 || answer.body.success !== 'true')
    return pageAgain(c, dispatch, { form: ACCOUNT_LINK_FORM, values: {}, errors: {} }, answer.status === 200 ? 200 : answer.status);
  rememberLinked(c);
  // Without the code in the address: a reload or a shared link shows the result and posts nothing.
  return seeOther(c, `/account-link?done=${ACCOUNT_LINK_FORM}`);
};

/** The membership waitlist: the payment choice through the API, then a 303 to the joined view. */
FORMS[MEMBERSHIP_FORM] = async (c, fields, dispatch) => {
  const page = new URL(c.req.url);
  const choice = PAYMENT_CHOICES.find((p) => p === one(fields, 'payment'));
  const values: Record<string, string> = choice ? { payment: choice } : {};
  if (!choice)
    return pageAgain(c, dispatch, { form: MEMBERSHIP_FORM, values, errors: {}, error: wordsOf(c).memberSignup.serverError }, 400);
  const query = new URLSearchParams({
    p: choice,
    f: cameFromOf(page.searchParams.get('camefrom') ?? undefined),
    a: adOf(page.searchParams.get('ad') ?? undefined),
  });
  const answer = await callApi(c, dispatch, 'POST', `/api/member_signup.php?${query}`);
  if (answer.status === 200 && answer.body.success === true) return samePageDone(c, MEMBERSHIP_FORM);
  return pageAgain(
    c,
    dispatch,
    { form: MEMBERSHIP_FORM, values, errors: {}, error: wordsOf(c).memberSignup.serverError },
    answer.status === 200 ? 502 : answer.status,
  );
};

const isApiPath = (path: string) => path.startsWith('/api/') || path.endsWith('.php');

/** Takes the form posts of pages; every other request goes on to the route table. */
export function formPosts(dispatch: Dispatch): MiddlewareHandler<AppEnv> {
  const carryOut = async (c: Context<AppEnv>, next: Next) => {
    const form = await readForm(c, MAX_FORM_BYTES);
    if (form instanceof Response) return form;
    const fields: Fields = new Map();
    for (const [name, value] of form) fields.set(name, [...(fields.get(name) ?? []), String(value)]);
    const handler = FORMS[one(fields, FORM_FIELD) ?? ''];
    if (!handler) return next();
    return withApiCookies(c, await handler(c, fields, dispatch));
  };
  // Not async: anything but a form post goes on without a promise of this layer's own.
  return (c, next) => (c.req.method !== 'POST' || !isFormBody(c) || isApiPath(c.req.path) ? next() : carryOut(c, next));
}
