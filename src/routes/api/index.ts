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
import type { OriginResult } from '../../origin';
import { cachedPayeeByUrl } from '../../origin/payee-cache';
import type { AppEnv } from '../../server/app-env';
import { expectNoBody, originUnavailable, parseJson, parseQuery, refuseBots, runLater } from './guards';
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
  result.ok ? c.json(shape(result.value) as object, 200, { 'Cache-Control': 'no-store' }) : originUnavailable(c, result);


apiRoutes.post('/api/payee_url.php', async (c) => {
  const query = parseQuery(c, PayeeQuerySchema);
  if (!query.ok) return query.response;
  const refused = await expectNoBody(c);
  if (refused) return refused;
  const result = await cachedPayeeByUrl(c.env.CACHE, c.get('origin'), query.data.url, (work) => runLater(c, work));
  return answer(c, result, (payee) => ({ result: { payee } }));
});

apiRoutes.post('/api/404.php', async (c) => {
  const body = await parseJson(c, NotFoundReportSchema);
  if (!body.ok) return body.response;
  return answer(c, await c.get('origin').report404(body.data.path), () => ({}));
});

apiRoutes.get('/api/unleash/is_enabled.php', async (c) => {
  const query = parseQuery(c, FeatureQuerySchema);
  if (!query.ok) return query.response;
  return answer(c, await c.get('origin').featureEnabled(query.data.featureName), (message) => ({ data: { message } }));
});

apiRoutes.post('/api/forgot_password_back.php', async (c) => {
  const body = await parseJson(c, PasswordResetSchema);
  if (!body.ok) return body.response;
  const { x, np, humanToken } = body.data;
  if (np !== undefined) {
    const bot = await refuseBots(c, humanToken);
    if (bot) return bot;
  }
  c.header('Referrer-Policy', 'no-referrer');
  return answer(c, await c.get('origin').forgotPassword(np === undefined ? { x } : { x, np }), (v) => v);
});

apiRoutes.post('/api/web_payment.php', async (c) => {
  const query = parseQuery(c, GetPayeeQuerySchema);
  if (!query.ok) return query.response;
  const refused = await expectNoBody(c);
  if (refused) return refused;
  return answer(c, await c.get('origin').getPayee(query.data.p), (payee) => payee ?? {});
});

apiRoutes.get('/api/web_payment.php', async (c) => {
  const query = parseQuery(c, SearchQuerySchema);
  if (!query.ok) return query.response;
  return answer(c, await c.get('origin').searchPayees(query.data.term), (list) => list);
});

apiRoutes.post('/api/link_gmail_account.php', async (c) => {
  const body = await parseJson(c, EmailLinkSchema);
  if (!body.ok) return body.response;
  return answer(c, await c.get('origin').linkGmail(body.data), (ok) => ({ success: ok ? 'true' : 'false' }));
});

apiRoutes.get('/api/update_info_request.php', async (c) => {
  const query = parseQuery(c, InfoTokenQuerySchema);
  if (!query.ok) return query.response;
  return answer(c, await c.get('origin').getInfoRequest(query.data.t), (requestedInfo) => ({ requestedInfo }));
});

apiRoutes.post('/api/update_info_request.php', async (c) => {
  const query = parseQuery(c, InfoTokenQuerySchema);
  if (!query.ok) return query.response;
  const body = await parseJson(c, InfoAnswerSchema);
  if (!body.ok) return body.response;
  return answer(c, await c.get('origin').submitInfoRequest({ t: query.data.t, fields: body.data.fields }), (success) => ({ success }));
});

apiRoutes.delete('/api/update_info_request.php', async (c) => {
  const query = parseQuery(c, InfoTokenQuerySchema);
  if (!query.ok) return query.response;
  return answer(c, await c.get('origin').deleteInfoRequest(query.data.t), (billId) => ({ billId }));
});

apiRoutes.post('/cancel_back.php', async (c) => {
  const query = parseQuery(c, CancelQuerySchema);
  if (!query.ok) return query.response;
  const refused = await expectNoBody(c);
  if (refused) return refused;
  return answer(c, await c.get('origin').cancelBill(query.data.o), (success) => ({ success }));
});

apiRoutes.post('/api/member_signup.php', async (c) => {
  const query = parseQuery(c, MemberSignupQuerySchema);
  if (!query.ok) return query.response;
  const refused = await expectNoBody(c);
  if (refused) return refused;
  const { p, f, a } = query.data;
  return answer(c, await c.get('origin').memberSignup({ paymentType: p, cameFrom: f, ad: a }), (success) => ({ success }));
});

apiRoutes.post('/api/pay_later.php', async (c) => {
  const body = await parseJson(c, PayLaterSchema);
  if (!body.ok) return body.response;
  return answer(c, await c.get('origin').payLater(body.data.ue), (v) => v);
});

apiRoutes.post('/api/api_get_paid/get_paid.php', async (c) => {
  const body = await parseJson(c, GetPaidRequestSchema);
  if (!body.ok) return body.response;
  const origin = c.get('origin');
  const result = await origin.getPaid(body.data);
  // The team hears of every invite form sent, from the Worker rather than the browser.
  if (body.data.whichState === 'inviteForm' && result.ok && result.value.nextView === 'successKit') {
    const r = result.value;
    runLater(
      c,
      origin.sendTeamEmail({
        subject: 'Get paid: invite form sent',
        line: `${r.payeeName ?? 'A biller'} asked to get paid with Papaya`,
        note: `Statements a month: ${body.data.statements ?? ''}`,
        elist: 'getpaid',
        form: {
          payeeName: r.payeeName,
          payeeId: r.payeeId,
          email: body.data.email?.trim(),
          inviteCode: body.data.i,
          payeeCreatedAt: r.payeeCreatedAt,
          statements: body.data.statements,
          phone: r.phone,
          fax: body.data.fax,
          inviteCount: r.inviteCount,
          tactic: 'invite',
          page: '/getpaid',
        },
      }),
    );
  }
  return answer(c, result, (v) => v);
});

apiRoutes.post('/api/send_team_email.php', async (c) => {
  const body = await parseJson(c, TeamEmailSchema);
  if (!body.ok) return body.response;
  return answer(c, await c.get('origin').sendTeamEmail(body.data), (success) => ({ success }));
});

apiRoutes.all('/api/*', (c) => c.json({ error: 'There is no such API call.', fields: {} }, 404));
