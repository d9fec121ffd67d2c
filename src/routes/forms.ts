import type { Context, MiddlewareHandler, Next } from 'hono';
import { ACCOUNT_LINK_FORM } from '../domain/api-schemas';
import { GET_PAID_FORM } from '../domain/get-paid';
import { INFO_FORM } from '../domain/info-request';
import { FORM_FIELD } from '../domain/islands';
import { MEMBERSHIP_FORM } from '../domain/membership';
import { RESET_FORM } from '../domain/password';
import { PAY_LATER_FORM } from '../domain/pay-later';
import { PAYMENT_FORM } from '../domain/payment';
import type { AppEnv } from '../web/app-env';
import { drawAgain, one, type Fields, type FormHandler } from '../web/form-post';
import { isFormBody, readForm } from '../web/validate';
import { accountLinkForm, membershipForm, payLaterForm, resetForm } from './account';
import { getPaidForm } from './get-paid';
import { infoForm } from './info-request';
import { smsForm } from './pay';
import { paymentFormPost } from './web-payment';

/**
 * Forms posted without script. A page's form posts to the page's own URL with a hidden `_form`
 * field naming it; its handler, beside the page's route, calls the feature the API route calls,
 * then answers a 303 or goes on to the page's route to draw it again (src/web/form-post.ts).
 * Posts to the API itself (`/api/…`, `….php`) are the islands' and old clients' and never come here.
 */
/** Largest form a page takes. */
const MAX_FORM_BYTES = 16 * 1024;

/** Each form's handler by its `_form` name. */
const FORMS: Record<string, FormHandler> = {
  sms: smsForm,
  [RESET_FORM]: resetForm,
  [PAYMENT_FORM]: paymentFormPost,
  [PAY_LATER_FORM]: payLaterForm,
  [INFO_FORM]: infoForm,
  [GET_PAID_FORM]: getPaidForm,
  [ACCOUNT_LINK_FORM]: accountLinkForm,
  [MEMBERSHIP_FORM]: membershipForm,
};

const isApiPath = (path: string) => path.startsWith('/api/') || path.endsWith('.php');

async function carryOut(c: Context<AppEnv>, next: Next): Promise<Response | void> {
  const form = await readForm(c, MAX_FORM_BYTES);
  if (form instanceof Response) return form;
  const fields: Fields = new Map();
  for (const [name, value] of form) fields.set(name, [...(fields.get(name) ?? []), String(value)]);
  const name = one(fields, FORM_FIELD) ?? '';
  const handler = Object.hasOwn(FORMS, name) ? FORMS[name] : undefined;
  // A post no page's form makes goes on to the route table, like any other request.
  if (!handler) return next();
  c.set('form', name);
  const outcome = await handler(c, fields);
  if (outcome instanceof Response) return outcome;
  await drawAgain(c, outcome, next);
}

/** Takes the form posts of pages; every other request goes on to the route table. Not async: those go on without a promise of this layer's own. */
export const formPosts: MiddlewareHandler<AppEnv> = (c, next) =>
  c.req.method !== 'POST' || !isFormBody(c) || isApiPath(c.req.path) ? next() : carryOut(c, next);
