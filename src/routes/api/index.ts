import { Hono } from '../../lib/hono';
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
} from '../../domain/api-schemas';
import { listedProviders, SEARCH_TERM_MAX } from '../../domain/payee';
import { answerInfoRequest, cancelBill, infoRequestFields, removeInfoRequest } from '../../features/bill-info';
import { getPaid } from '../../features/get-paid';
import { linkInbox } from '../../features/inbox-link';
import { joinWaitlist } from '../../features/membership';
import { resetPassword } from '../../features/password-reset';
import { payLater } from '../../features/pay-later';
import { respond } from '../../web/answer';
import type { AppEnv } from '../../web/app-env';
import { answered, noBody, unavailable, validJson, validQuery } from '../../web/validate';
import { browserErrorRoutes } from './browser-errors';
import { cspReportRoutes } from './csp-reports';
import { paymentRoutes } from './payment';
import { smsRoutes } from './sms';
import { vitalsRoutes } from './vitals';

/**
 * The browser-facing API on the legacy paths (contract §3, §4): every request is validated with
 * the shared schemas before anything reaches the origin, and answered in the legacy shapes. Each
 * route is a door: it parses, calls the backend or a feature (src/features/), and answers.
 */
export const apiRoutes = new Hono<AppEnv>();

apiRoutes.route('/', smsRoutes);
apiRoutes.route('/', browserErrorRoutes);
apiRoutes.route('/', cspReportRoutes);
apiRoutes.route('/', vitalsRoutes);
apiRoutes.route('/', paymentRoutes);

apiRoutes.post('/api/payee_url.php', validQuery(PayeeQuerySchema), noBody, async (c) =>
  respond(
    c,
    answered(c, await c.get('origin').cachedPayeeByUrl(c.req.valid('query').url), (payee) => ({ result: { payee } })),
  ),
);

apiRoutes.post('/api/404.php', ...validJson(NotFoundReportSchema), async (c) =>
  respond(
    c,
    answered(c, await c.get('origin').report404(c.req.valid('json').path), () => ({})),
  ),
);

apiRoutes.get('/api/unleash/is_enabled.php', validQuery(FeatureQuerySchema), async (c) =>
  respond(
    c,
    answered(c, await c.get('origin').featureEnabled(c.req.valid('query').featureName), (message) => ({ data: { message } })),
  ),
);

apiRoutes.post('/api/forgot_password_back.php', ...validJson(PasswordResetSchema), async (c) =>
  respond(c, await resetPassword(c, c.req.valid('json'))),
);

apiRoutes.post('/api/web_payment.php', validQuery(GetPayeeQuerySchema), noBody, async (c) =>
  respond(
    c,
    answered(c, await c.get('origin').getPayee(c.req.valid('query').p), (payee) => payee ?? {}),
  ),
);

apiRoutes.get('/api/web_payment.php', validQuery(SearchQuerySchema), async (c) => {
  const query = c.req.valid('query');
  if (query.term.length > SEARCH_TERM_MAX) return c.json([]);
  const result = await c.get('origin').searchPayees(query.term);
  return result.ok ? c.json(listedProviders(result.value, c.get('config').genericPayNames)) : respond(c, unavailable(c, result));
});

apiRoutes.post('/api/link_gmail_account.php', ...validJson(EmailLinkSchema), async (c) =>
  respond(c, await linkInbox(c, c.req.valid('json'))),
);

apiRoutes.get('/api/update_info_request.php', validQuery(InfoTokenQuerySchema), async (c) =>
  respond(c, await infoRequestFields(c, c.req.valid('query').t)),
);

apiRoutes.post('/api/update_info_request.php', validQuery(InfoTokenQuerySchema), ...validJson(InfoAnswerSchema), async (c) =>
  respond(c, await answerInfoRequest(c, c.req.valid('query').t, c.req.valid('json').fields)),
);

apiRoutes.delete('/api/update_info_request.php', validQuery(InfoTokenQuerySchema), async (c) =>
  respond(c, await removeInfoRequest(c, c.req.valid('query').t)),
);

apiRoutes.post('/cancel_back.php', validQuery(CancelQuerySchema), noBody, async (c) =>
  respond(c, await cancelBill(c, c.req.valid('query').t)),
);

apiRoutes.post('/api/member_signup.php', validQuery(MemberSignupQuerySchema), noBody, async (c) =>
  respond(c, await joinWaitlist(c, c.req.valid('query'))),
);

apiRoutes.post('/api/pay_later.php', ...validJson(PayLaterSchema), async (c) => respond(c, await payLater(c, c.req.valid('json').ue)));

apiRoutes.post('/api/api_get_paid/get_paid.php', ...validJson(GetPaidRequestSchema), async (c) =>
  respond(c, await getPaid(c, c.req.valid('json'))),
);

apiRoutes.all('/api/*', (c) => c.json({ error: 'There is no such API call.', fields: {} }, 404));
