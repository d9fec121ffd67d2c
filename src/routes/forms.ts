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
import { one, withApiCookies, type Dispatch, type Fields, type FormHandler } from '../web/form-post';
import { isFormBody, readForm } from '../web/validate';
import { accountLinkForm, membershipForm, payLaterForm, resetForm } from './account';
import { getPaidForm } from './get-paid';
import { infoForm } from './info-request';
import { smsForm } from './pay';
import { paymentFormPost } from './web-payment';

/**
 * Forms posted without script. A page's form posts to the page's own URL with a hidden `_form`
 * field naming it; its handler, beside the page's route, carries it out through the site's API route, then answers a
 * 303 or the page again (src/web/form-post.ts). Posts to the API itself (`/api/…`, `….php`) are
 * the islands' and old clients' and never come here.
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
