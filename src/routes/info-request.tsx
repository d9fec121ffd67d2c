import { Hono } from '../lib/hono';
import { TOKEN_SHAPE } from '../domain/api-schemas';
import { PRIVATE_PAGE } from '../security/headers';
import { allAnswered, type Field, INFO_FORM, INFO_RESULT_VIEWS, infoFieldName, isConfirmation } from '../domain/info-request';
import { type PostedForm, postedFor } from '../domain/posted-form';
import { InfoRequestPage } from '../pages/info-request';
import type { AppEnv } from '../web/app-env';
import { again, callApi, one, pageAgain, postedForm, refused, samePageDone, seeOther, type FormHandler } from '../web/form-post';
import { renderPage } from '../web/render';
import { wordsOf } from '../web/words';
import { isUnknown } from '../origin';
import { countLinkMiss, linkGuessingStopped, tooManyTries } from './guards';

/** A biller's request for bill information (`/update-info-request?t=…`), reached from an email. */
export const infoRequestRoutes = new Hono<AppEnv>();

infoRequestRoutes.get('/update-info-request', async (c) => {
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
});

/** A bill-info request (`/update-info-request?t=…`): confirm, decline then cancel, or the biller's fields. */
export const infoForm: FormHandler = async (c, fields, dispatch) => {
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
