import { Hono, type Context } from 'hono';
import {
  CancelQuerySchema,
  EmailLinkSchema,
  FeatureQuerySchema,
  GetPaidRequestSchema,
  GetPayeeQuerySchema,
  InfoAnswerSchema,
  InfoTokenQuerySchema,
  MemberSignupQuerySchema,
  NotFoundReportSchema,
  PasswordResetSchema,
  PayeeQuerySchema,
  PayLaterSchema,
  SearchQuerySchema,
  TeamEmailSchema,
} from '../../domain/api-schemas';
import { INVALID_TOKEN } from '../../domain/messages';
import type { OriginResult } from '../../origin';
import type { AppEnv } from '../../web/app-env';
import { runLater } from '../../web/middleware';
import { apiError, noBody, originUnavailable, validJson, validQuery } from '../../web/validate';
import { refuseBots } from './guards';
import { paymentRoutes } from './payment';
import { smsRoutes } from './sms';

/**
 * The browser-facing API on the legacy paths (contract §3, §4): every request is validated with
 * the shared schemas before anything reaches the origin, and answered in the legacy shapes.
 */
export const apiRoutes = new Hono<AppEnv>();

apiRoutes.route('/', smsRoutes);
apiRoutes.route('/', paymentRoutes);

type C = Context<AppEnv>;
const answer = <T>(c: C, result: OriginResult<T>, shape: (value: T) => unknown) =>
  result.ok ? c.json(shape(result.value) as object) : originUnavailable(c, result);

/** A bill-info call about a token the backend does not know: the spec's invalid-token message, not a failure. */
const infoAnswer = <T>(c: C, result: OriginResult<T>, shape: (value: T) => unknown) =>
  !result.ok && result.kind === 'bad-status' && result.status === 404
    ? apiError(c, 404, INVALID_TOKEN, { t: INVALID_TOKEN })
    : answer(c, result, shape);

apiRoutes.post('/api/payee_url.php', validQuery(PayeeQuerySchema), noBody, async (c) => {
  const query = c.req.valid('query');
  const result = await c.get('origin').cachedPayeeByUrl(query.url);
  return answer(c, result, (payee) => ({ result: { payee } }));
});

apiRoutes.post('/api/404.php', ...validJson(NotFoundReportSchema), async (c) => {
  const body = c.req.valid('json');
  return answer(c, await c.get('origin').report404(body.path), () => ({}));
});

apiRoutes.get('/api/unleash/is_enabled.php', validQuery(FeatureQuerySchema), async (c) => {
  const query = c.req.valid('query');
  return answer(c, await c.get('origin').featureEnabled(query.featureName), (message) => ({ data: { message } }));
});

apiRoutes.post('/api/forgot_password_back.php', ...validJson(PasswordResetSchema), async (c) => {
  const body = c.req.valid('json');
  const { x, np, humanToken } = body;
  if (np !== undefined) {
    const bot = await refuseBots(c, humanToken);
    if (bot) return bot;
  }
  c.header('Referrer-Policy', 'no-referrer');
  return answer(c, await c.get('origin').forgotPassword(np === undefined ? { x } : { x, np }), (v) => v);
});

apiRoutes.post('/api/web_payment.php', validQuery(GetPayeeQuerySchema), noBody, async (c) => {
  const query = c.req.valid('query');
  return answer(c, await c.get('origin').getPayee(query.p), (payee) => payee ?? {});
});

apiRoutes.get('/api/web_payment.php', validQuery(SearchQuerySchema), async (c) => {
  const query = c.req.valid('query');
  return answer(c, await c.get('origin').searchPayees(query.term), (list) => list);
});

apiRoutes.post('/api/link_gmail_account.php', ...validJson(EmailLinkSchema), async (c) => {
  const body = c.req.valid('json');
  return answer(c, await c.get('origin').linkGmail(body), (ok) => ({ success: ok ? 'true' : 'false' }));
});

apiRoutes.get('/api/update_info_request.php', validQuery(InfoTokenQuerySchema), async (c) => {
  const query = c.req.valid('query');
  return infoAnswer(c, await c.get('origin').getInfoRequest(query.t), (requestedInfo) => ({ requestedInfo }));
});

apiRoutes.post('/api/update_info_request.php', validQuery(InfoTokenQuerySchema), ...validJson(InfoAnswerSchema), async (c) => {
  const query = c.req.valid('query');
  const body = c.req.valid('json');
  return infoAnswer(c, await c.get('origin').submitInfoRequest({ t: query.t, fields: body.fields }), (success) => ({ success }));
});

apiRoutes.delete('/api/update_info_request.php', validQuery(InfoTokenQuerySchema), async (c) => {
  const query = c.req.valid('query');
  return infoAnswer(c, await c.get('origin').deleteInfoRequest(query.t), (billId) => ({ billId }));
});

apiRoutes.post('/cancel_back.php', validQuery(CancelQuerySchema), noBody, async (c) => {
  const query = c.req.valid('query');
  return answer(c, await c.get('origin').cancelBill(query.o), (success) => ({ success }));
});

apiRoutes.post('/api/member_signup.php', validQuery(MemberSignupQuerySchema), noBody, async (c) => {
  const query = c.req.valid('query');
  const { p, f, a } = query;
  return answer(c, await c.get('origin').memberSignup({ paymentType: p, cameFrom: f, ad: a }), (success) => ({ success }));
});

apiRoutes.post('/api/pay_later.php', ...validJson(PayLaterSchema), async (c) => {
  const body = c.req.valid('json');
  return answer(c, await c.get('origin').payLater(body.ue), (v) => v);
});

apiRoutes.post('/api/api_get_paid/get_paid.php', ...validJson(GetPaidRequestSchema), async (c) => {
  const body = c.req.valid('json');
  const origin = c.get('origin');
  const result = await origin.getPaid(body);
  // The team hears of every invite form sent, from the Worker rather than the browser.
  if (body.whichState === 'inviteForm' && result.ok && result.value.nextView === 'successKit') {
    const r = result.value;
    runLater(
      c,
      origin.sendTeamEmail({
        subject: 'Get paid: invite form sent',
        line: `${r.payeeName ?? 'A biller'} asked to get paid with Papaya`,
        note: `Statements a month: ${body.statements ?? ''}`,
        elist: 'getpaid',
        form: {
          payeeName: r.payeeName,
          payeeId: r.payeeId,
          email: body.email?.trim(),
          inviteCode: body.i,
          payeeCreatedAt: r.payeeCreatedAt,
          statements: body.statements,
          phone: r.phone,
          fax: body.fax,
          inviteCount: r.inviteCount,
          tactic: 'invite',
          page: '/getpaid',
        },
      }),
    );
  }
  return answer(c, result, (v) => v);
});

apiRoutes.post('/api/send_team_email.php', ...validJson(TeamEmailSchema), async (c) => {
  const body = c.req.valid('json');
  return answer(c, await c.get('origin').sendTeamEmail(body), (success) => ({ success }));
});

apiRoutes.all('/api/*', (c) => c.json({ error: 'There is no such API call.', fields: {} }, 404));
