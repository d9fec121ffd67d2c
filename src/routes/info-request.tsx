import { Hono } from '../lib/hono';
import { InfoAnswerSchema, InfoTokenQuerySchema, TOKEN_SHAPE } from '../domain/api-schemas';
import { allAnswered, INFO_FORM, INFO_RESULT_VIEWS, infoFieldName, isConfirmation } from '../domain/info-request';
import { type PostedForm, postedFor } from '../domain/posted-form';
import { InfoRequestPage } from '../pages/info-request';
import type { AppEnv } from '../web/app-env';
import type { Context } from 'hono';
import { one, pageAgain, postedForm, samePageDone, seeOther, type Fields, type FormHandler, pageWithForm } from '../web/form-post';
import { renderPrivatePage } from '../web/render';
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
    if (!TOKEN_SHAPE.test(token)) return renderPrivatePage(c, <InfoRequestPage error="invalidToken" />);
    // After the form was posted without script: its result, the request no longer asked for.
    const posted = postedFor(postedForm(c), INFO_FORM);
    const result = posted?.done ? INFO_RESULT_VIEWS.find((view) => view === posted.data?.view) : undefined;
    if (result) return renderPrivatePage(c, <InfoRequestPage result={result} />);
    const stopped = await linkGuessingStopped(c);
    if (stopped) return tooManyTries(c, stopped);
    const request = await c.get('origin').getInfoRequest(token);
    // The backend does not know the token: the spec's invalid-token view, not a failure to retrieve.
    if (isUnknown(request)) {
      countLinkMiss(c);
      return renderPrivatePage(c, <InfoRequestPage error="invalidToken" />);
    }
    if (!request.ok || request.value.length === 0) return renderPrivatePage(c, <InfoRequestPage error="retrieveFailed" />);
    return renderPrivatePage(c, <InfoRequestPage token={token} fields={request.value} />);
  },
  { [INFO_FORM]: infoForm },
);

/** The bill-info form drawn again, with what `rest` says. */
const infoAgain = (rest: Partial<PostedForm>): PostedForm => ({ form: INFO_FORM, values: {}, errors: {}, ...rest });

/** A bill-info request (`/update-info-request?t=…`): confirm, decline then cancel, or the biller's fields. */
export async function infoForm(c: Context<AppEnv>, fields: Fields): ReturnType<FormHandler> {
  const page = new URL(c.req.url);
  const query = { t: page.searchParams.get('t') ?? '' };
  const button = one(fields, 'answer');
  if (button === 'decline') return pageAgain(infoAgain({ data: { declining: '1' } }), 200);
  if (button === 'back') return seeOther(c, `${page.pathname}${page.search}`);
  if (button === 'cancel') {
    const cancelled = await withChecked(c, InfoTokenQuerySchema, query, ({ t }) => cancelBill(c, t));
    if (!isRefused(cancelled) && cancelled.body.success === true) return samePageDone(c, INFO_FORM, 'cancelled');
    if (cancelled.status === 429) return pageAgain(infoAgain({}), cancelled);
    return pageAgain(infoAgain({ error: wordsOf(c).infoRequest.cancelFailed }), cancelled.status === 200 ? 502 : cancelled.status);
  }
  return answerForm(c, query, fields);
}

/** The biller's answers (`answerInfoRequest`), to the fields the request asks for (`infoRequestFields`), each one required. */
async function answerForm(c: Context<AppEnv>, query: { t: string }, fields: Fields): ReturnType<FormHandler> {
  const asked = await withChecked(c, InfoTokenQuerySchema, query, ({ t }) => infoRequestFields(c, t));
  const list = isRefused(asked) ? null : asked.body.requestedInfo;
  // The page itself says when the link cannot be one, is unknown, or the request cannot be read.
  if (!list) return pageAgain(infoAgain({}), asked.status);
  const values = Object.fromEntries(list.map((_, i) => [infoFieldName(i), one(fields, infoFieldName(i)) ?? '']));
  const answers = isConfirmation(list)
    ? list.map((f) => ({ ...f, value: 'confirmed' }))
    : list.map((f, i) => ({ ...f, value: values[infoFieldName(i)]!.trim() }));
  if (!isConfirmation(list) && !allAnswered(answers)) {
    const errors = Object.fromEntries(answers.flatMap((f, i) => (f.value ? [] : [[infoFieldName(i), wordsOf(c).infoRequest.required]])));
    return pageAgain(infoAgain({ values, errors }), 400);
  }
  // The token was checked by the read above.
  const sent = await withChecked(c, InfoAnswerSchema, { fields: answers }, (checked) => answerInfoRequest(c, query.t, checked.fields));
  if (!isRefused(sent) && sent.body.success === true) return samePageDone(c, INFO_FORM, 'in-progress');
  if (sent.status === 429) return pageAgain(infoAgain({ values }), sent);
  return pageAgain(infoAgain({ values, error: wordsOf(c).infoRequest.submitFailed }), sent.status === 200 ? 502 : sent.status);
}
