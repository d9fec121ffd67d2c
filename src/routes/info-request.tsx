import { Hono } from '../lib/hono';
import { InfoAnswerSchema, InfoTokenQuerySchema, TOKEN_SHAPE } from '../domain/api-schemas';
import { PRIVATE_PAGE } from '../security/headers';
import { allAnswered, INFO_FORM, INFO_RESULT_VIEWS, infoFieldName, isConfirmation } from '../domain/info-request';
import { type PostedForm, postedFor } from '../domain/posted-form';
import { InfoRequestPage } from '../pages/info-request';
import type { AppEnv } from '../web/app-env';
import type { Context } from 'hono';
import { one, pageAgain, postedForm, samePageDone, seeOther, type Fields, type FormHandler, pageWithForm } from '../web/form-post';
import { renderPage } from '../web/render';
import { wordsOf } from '../web/words';
import { withChecked } from '../web/validate';
import { isRefused } from '../web/answer';
import { answerInfoRequest, cancelBill, infoRequestFields } from '../features/bill-info';
import { isUnknown } from '../origin';
import { tooManyTries } from './guards';
import { countLinkMiss, linkGuessingStopped } from '../web/guard-answers';

/** A biller's request for bill information (`/update-info-request?t=…`), reached from an email. */
export const infoRequestRoutes = new Hono<AppEnv>();

pageWithForm(
  infoRequestRoutes,
  '/update-info-request',
  async (c) => {
    const token = c.req.query('t') ?? '';
    if (!TOKEN_SHAPE.test(token)) return renderPage(c, <InfoRequestPage error="invalidToken" />, { headers: PRIVATE_PAGE });
    // After the form was posted without script: its result, the request no longer asked for.
    const posted = postedFor(postedForm(c), INFO_FORM);
    const result = posted?.done ? INFO_RESULT_VIEWS.find((view) => view === posted.data?.view) : undefined;
    if (result) return renderPage(c, <InfoRequestPage result={result} />, { headers: PRIVATE_PAGE });
    const stopped = await linkGuessingStopped(c);
    if (stopped) return tooManyTries(c, stopped);
    const request = await c.get('origin').getInfoRequest(token);
    // The backend does not know the token: the spec's invalid-token view, not a failure to retrieve.
    if (isUnknown(request)) {
      countLinkMiss(c);
      return renderPage(c, <InfoRequestPage error="invalidToken" />, { headers: PRIVATE_PAGE });
    }
    if (!request.ok || request.value.length === 0)
      return renderPage(c, <InfoRequestPage error="retrieveFailed" />, { headers: PRIVATE_PAGE });
    return renderPage(c, <InfoRequestPage token={token} fields={request.value} />, { headers: PRIVATE_PAGE });
  },
  { [INFO_FORM]: infoForm },
);

/** A bill-info request (`/update-info-request?t=…`): confirm, decline then cancel, or the biller's fields. */
export async function infoForm(c: Context<AppEnv>, fields: Fields): ReturnType<FormHandler> {
  const page = new URL(c.req.url);
  const query = { t: page.searchParams.get('t') ?? '' };
  const state = (rest: Partial<PostedForm>): PostedForm => ({ form: INFO_FORM, values: {}, errors: {}, ...rest });
  const button = one(fields, 'answer');
  if (button === 'decline') return pageAgain(state({ data: { declining: '1' } }), 200);
  if (button === 'back') return seeOther(c, `${page.pathname}${page.search}`);
  if (button === 'cancel') {
    const cancelled = await withChecked(c, InfoTokenQuerySchema, query, ({ t }) => cancelBill(c, t));
    if (!isRefused(cancelled) && cancelled.body.success === true) return samePageDone(c, INFO_FORM, 'cancelled');
    if (cancelled.status === 429) return pageAgain({ form: INFO_FORM, values: {}, errors: {} }, cancelled);
    return pageAgain(state({ error: wordsOf(c).infoRequest.cancelFailed }), cancelled.status === 200 ? 502 : cancelled.status);
  }

  const asked = await withChecked(c, InfoTokenQuerySchema, query, ({ t }) => infoRequestFields(c, t));
  const list = isRefused(asked) ? null : asked.body.requestedInfo;
  // The page itself says when the link cannot be one, is unknown, or the request cannot be read.
  if (!list) return pageAgain(state({}), asked.status);
  const values = Object.fromEntries(list.map((_, i) => [infoFieldName(i), one(fields, infoFieldName(i)) ?? '']));
  const answers = isConfirmation(list)
    ? list.map((f) => ({ ...f, value: 'confirmed' }))
    : list.map((f, i) => ({ ...f, value: values[infoFieldName(i)]!.trim() }));
  if (!isConfirmation(list) && !allAnswered(answers)) {
    const errors = Object.fromEntries(answers.flatMap((f, i) => (f.value ? [] : [[infoFieldName(i), wordsOf(c).infoRequest.required]])));
    return pageAgain(state({ values, errors }), 400);
  }
  // The token was checked by the read above.
  const sent = await withChecked(c, InfoAnswerSchema, { fields: answers }, (checked) => answerInfoRequest(c, query.t, checked.fields));
  if (!isRefused(sent) && sent.body.success === true) return samePageDone(c, INFO_FORM, 'in-progress');
  if (sent.status === 429) return pageAgain({ form: INFO_FORM, values, errors: {} }, sent);
  return pageAgain(state({ values, error: wordsOf(c).infoRequest.submitFailed }), sent.status === 200 ? 502 : sent.status);
}
