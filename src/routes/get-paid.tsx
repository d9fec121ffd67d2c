import { Hono } from '../lib/hono';
import { BASE64_LINK_VALUE, GetPaidRequestSchema } from '../domain/api-schemas';
import { SUPPORT_EMAIL } from '../domain/site';
import {
  GET_PAID_FORM,
  GET_PAID_VIEWS,
  getPaidCall,
  getPaidErrors,
  successTarget,
  type GetPaidValues,
  type GetPaidView,
  type Session,
} from '../domain/get-paid';
import type { PostedForm } from '../domain/posted-form';
import { postedFor } from '../domain/posted-form';
import { GetPaidPage } from '../pages/get-paid';
import type { AppEnv } from '../web/app-env';
import type { Context } from 'hono';
import { one, pageAgain, postedForm, seeOther, typed, type Fields, type FormHandler, pageWithForm } from '../web/form-post';
import { renderPrivatePage } from '../web/render';
import { wordsOf } from '../web/words';
import { withChecked } from '../web/validate';
import { isRefused } from '../web/answer';
import { getPaid } from '../features/get-paid';

/** The biller get-paid flow (`/getpaid`, `?i=<invite>`). */
export const getPaidRoutes = new Hono<AppEnv>();

pageWithForm(
  getPaidRoutes,
  '/getpaid',
  (c) => {
    const invite = c.req.query('i') ?? '';
    // Drawn again after a post without script, the island shows the view the post led to. An invite
    // that cannot be one is not sent on: the visitor gets the error view. Any other is sent on by the
    // biller's Continue, never by opening the link: mail scanners open every link.
    const drawnAgain = postedFor(postedForm(c), GET_PAID_FORM);
    const view = drawnAgain || !invite ? 'access' : BASE64_LINK_VALUE.test(invite) ? 'preEmail' : 'oops';
    return renderPrivatePage(
      c,
      <GetPaidPage
        view={view}
        session={{}}
        invite={view === 'oops' ? undefined : invite || undefined}
        billerPanelUrl={c.get('config').billerPanelUrl}
        helpEmail={SUPPORT_EMAIL}
      />,
    );
  },
  { [GET_PAID_FORM]: getPaidForm },
);

/** The biller get-paid flow: each view's fields checked, sent by `getPaid` (the API's own step), the next view drawn. */
export async function getPaidForm(c: Context<AppEnv>, fields: Fields): ReturnType<FormHandler> {
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
  const errors = getPaidErrors(view, values, wordsOf(c).getPaid);
  if (Object.keys(errors).length) return pageAgain(getPaidAgain(kept, view, session, { errors }), 400);
  const answer = await withChecked(c, GetPaidRequestSchema, getPaidCall(view, values, session, invite), (checked) => getPaid(c, checked));
  if (answer.status === 429) return pageAgain(getPaidAgain(kept, view, session), answer);
  if (isRefused(answer)) return pageAgain(getPaidAgain(kept, 'oops', {}, { values: {} }), answer.status);
  const { nextView, ...next } = answer.body;
  const target = successTarget(nextView, next, c.get('config').billerPanelUrl);
  if (target) return seeOther(c, target);
  return pageAgain(getPaidAgain(kept, nextView, next, nextView === view ? {} : { values: {} }), 200);
}

/** The page drawn again at a view, with what was typed (`kept`) and the session it carries on. */
function getPaidAgain(kept: Record<string, string>, at: GetPaidView, withSession: Session, rest: Partial<PostedForm> = {}): PostedForm {
  return { form: GET_PAID_FORM, values: kept, errors: {}, ...rest, data: { view: at, session: JSON.stringify(withSession) } };
}
