import type { Context } from 'hono';
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
import { isUnknown, type OriginResult } from '../../origin';
import type { AppEnv } from '../../web/app-env';
import { runLater } from '../../web/middleware';
import { logProductEvent } from '../../telemetry/log';
import { noBody, unavailable, validJson, validQuery } from '../../web/validate';
import { refusal, respond, type Answer, type Refused } from '../../web/answer';
import type * as z from 'zod/mini';
import { countLinkMiss, linkGuessingStopped } from '../guards';
import { refuseBots, tooMany } from '../../web/guard-answers';
import { tooManyCodes, tooManyLinks } from '../../domain/limits';
import { wordsOf } from '../../web/words';
import { listedProviders, SEARCH_TERM_MAX } from '../../domain/payee';
import { evenOut } from '../../security/even-timing';
import { networkOf } from '../../security/guard';
import { inviteNotification } from '../../domain/get-paid';
import { payLaterMiss } from '../../domain/pay-later';
import { browserErrorRoutes } from './browser-errors';
import { cspReportRoutes } from './csp-reports';
import { paymentRoutes } from './payment';
import { smsRoutes } from './sms';
import { vitalsRoutes } from './vitals';

/**
 * The browser-facing API on the legacy paths (contract §3, §4): every request is validated with
 * the shared schemas before anything reaches the origin, and answered in the legacy shapes.
 */
export const apiRoutes = new Hono<AppEnv>();

apiRoutes.route('/', smsRoutes);
apiRoutes.route('/', browserErrorRoutes);
apiRoutes.route('/', cspReportRoutes);
apiRoutes.route('/', vitalsRoutes);
apiRoutes.route('/', paymentRoutes);

type C = Context<AppEnv>;
/** The backend's answer in the shape the API gives it, or what the visitor is told when it could not answer. */
const answered = <T, B extends object>(c: C, result: OriginResult<T>, shape: (value: T) => B): Answer<B> | Refused =>
  result.ok ? { status: 200, body: shape(result.value) } : unavailable(c, result);

/**
 * A bill-info call by token: refused once the client has tried too many unknown ones; a token the
 * backend does not know is the spec's invalid-token message, not a failure, and counts as a miss.
 */
async function byInfoToken<T, B extends object>(
  c: C,
  call: () => Promise<OriginResult<T>>,
  shape: (value: T) => B,
): Promise<Answer<B> | Refused> {
  const stopped = await linkGuessingStopped(c);
  if (stopped) return tooMany(c, stopped, tooManyLinks(stopped.retryAfterSeconds, wordsOf(c).limits));
  const result = await call();
  if (!isUnknown(result)) return answered(c, result, shape);
  countLinkMiss(c);
  const invalid = wordsOf(c).infoRequest.invalidToken;
  return refusal(404, invalid, { t: invalid });
}

apiRoutes.post('/api/payee_url.php', validQuery(PayeeQuerySchema), noBody, async (c) => {
  const query = c.req.valid('query');
  const result = await c.get('origin').cachedPayeeByUrl(query.url);
  return respond(
    c,
    answered(c, result, (payee) => ({ result: { payee } })),
  );
});

apiRoutes.post('/api/404.php', ...validJson(NotFoundReportSchema), async (c) => {
  const body = c.req.valid('json');
  return respond(
    c,
    answered(c, await c.get('origin').report404(body.path), () => ({})),
  );
});

apiRoutes.get('/api/unleash/is_enabled.php', validQuery(FeatureQuerySchema), async (c) => {
  const query = c.req.valid('query');
  return respond(
    c,
    answered(c, await c.get('origin').featureEnabled(query.featureName), (message) => ({ data: { message } })),
  );
});

apiRoutes.post('/api/forgot_password_back.php', ...validJson(PasswordResetSchema), async (c) =>
  respond(c, await resetPassword(c, c.req.valid('json'))),
);

/** A reset link's check (no `np`) or its new password (the update-password page, with script or without). */
export async function resetPassword(c: C, { x, np, humanToken }: z.output<typeof PasswordResetSchema>) {
  // A new password needs the human check; the client's guessing lock is asked beside it.
  const [bot, stopped] = await Promise.all([np === undefined ? null : refuseBots(c, humanToken), linkGuessingStopped(c)]);
  if (bot) return bot;
  const answer = stopped ? tooMany(c, stopped, tooManyLinks(stopped.retryAfterSeconds, wordsOf(c).limits)) : await changePassword(c, x, np);
  // No referrer leaves with an answer about a reset link.
  return { ...answer, headers: { ...answer.headers, 'Referrer-Policy': 'no-referrer' } };
}

async function changePassword(c: C, x: string, np: string | undefined) {
  const result = await c.get('origin').forgotPassword(np === undefined ? { x } : { x, np });
  if (result.ok && !result.value.success) countLinkMiss(c);
  return answered(c, result, (v) => v);
}

apiRoutes.post('/api/web_payment.php', validQuery(GetPayeeQuerySchema), noBody, async (c) => {
  const query = c.req.valid('query');
  return respond(
    c,
    answered(c, await c.get('origin').getPayee(query.p), (payee) => payee ?? {}),
  );
});

apiRoutes.get('/api/web_payment.php', validQuery(SearchQuerySchema), async (c) => {
  const query = c.req.valid('query');
  if (query.term.length > SEARCH_TERM_MAX) return c.json([]);
  const result = await c.get('origin').searchPayees(query.term);
  return result.ok ? c.json(listedProviders(result.value, c.get('config').genericPayNames)) : respond(c, unavailable(c, result));
});

apiRoutes.post('/api/link_gmail_account.php', ...validJson(EmailLinkSchema), async (c) =>
  respond(c, await linkInbox(c, c.req.valid('json'))),
);

/** Sends sign-in's answer on to link an inbox (the account-link page's button, with script or without). */
export async function linkInbox(c: C, link: z.output<typeof EmailLinkSchema>) {
  // A sign-in answer the backend refuses counts as a link that matched nothing: codes are not guessed here.
  const stopped = await linkGuessingStopped(c);
  if (stopped) return tooMany(c, stopped, tooManyLinks(stopped.retryAfterSeconds, wordsOf(c).limits));
  const result = await c.get('origin').linkGmail(link);
  if (result.ok && !result.value) countLinkMiss(c);
  return answered(c, result, (ok) => ({ success: ok ? ('true' as const) : ('false' as const) }));
}

/** What a bill-info request asks for. */
export const infoRequestFields = (c: C, t: string) =>
  byInfoToken(
    c,
    () => c.get('origin').getInfoRequest(t),
    (requestedInfo) => ({ requestedInfo }),
  );

/** The biller's answers to a bill-info request. */
export const answerInfoRequest = (c: C, t: string, fields: z.output<typeof InfoAnswerSchema>['fields']) =>
  byInfoToken(
    c,
    () => c.get('origin').submitInfoRequest({ t, fields }),
    (success) => ({ success }),
  );

/**
 * Cancelling a bill goes through its bill-info token: the Worker removes the info request, takes
 * the bill id from the backend's answer and cancels that bill. A bill id from the browser is
 * never acted on.
 */
export const cancelBill = (c: C, t: string) =>
  byInfoToken(
    c,
    async () => {
      const origin = c.get('origin');
      const removed = await origin.deleteInfoRequest(t);
      return removed.ok ? origin.cancelBill(removed.value) : removed;
    },
    (success) => ({ success }),
  );

apiRoutes.get('/api/update_info_request.php', validQuery(InfoTokenQuerySchema), async (c) =>
  respond(c, await infoRequestFields(c, c.req.valid('query').t)),
);

apiRoutes.post('/api/update_info_request.php', validQuery(InfoTokenQuerySchema), ...validJson(InfoAnswerSchema), async (c) =>
  respond(c, await answerInfoRequest(c, c.req.valid('query').t, c.req.valid('json').fields)),
);

apiRoutes.delete('/api/update_info_request.php', validQuery(InfoTokenQuerySchema), async (c) => {
  const query = c.req.valid('query');
  return respond(
    c,
    await byInfoToken(
      c,
      () => c.get('origin').deleteInfoRequest(query.t),
      (billId) => ({ billId }),
    ),
  );
});

apiRoutes.post('/cancel_back.php', validQuery(CancelQuerySchema), noBody, async (c) =>
  respond(c, await cancelBill(c, c.req.valid('query').t)),
);

apiRoutes.post('/api/member_signup.php', validQuery(MemberSignupQuerySchema), noBody, async (c) =>
  respond(c, await joinWaitlist(c, c.req.valid('query'))),
);

/** A place on the membership waitlist, with the payment the visitor chose. */
export async function joinWaitlist(c: C, { p, f, a }: z.output<typeof MemberSignupQuerySchema>) {
  return answered(c, await c.get('origin').memberSignup({ paymentType: p, cameFrom: f, ad: a }), (success) => ({ success }));
}

apiRoutes.post('/api/pay_later.php', ...validJson(PayLaterSchema), async (c) => respond(c, await payLater(c, c.req.valid('json').ue)));

/** The pay-later opt-in, by the emailed link's token or the email's (the pay-later page, with script or without). */
export async function payLater(c: C, ue: string) {
  const started = Date.now();
  const stopped = await linkGuessingStopped(c);
  if (stopped) return tooMany(c, stopped, tooManyLinks(stopped.retryAfterSeconds, wordsOf(c).limits));
  const result = await c.get('origin').payLater(ue);
  if (result.ok && payLaterMiss(result.value)) countLinkMiss(c);
  // Whether an email is known must not show in how long the answer takes, nor in what it says it waited on.
  c.get('waits').conceal();
  await evenOut(started);
  return answered(c, result, (v) => v);
}

apiRoutes.post('/api/api_get_paid/get_paid.php', ...validJson(GetPaidRequestSchema), async (c) =>
  respond(c, await getPaid(c, c.req.valid('json'))),
);

/** One step of the biller get-paid flow (the get-paid page, with script or without). */
export async function getPaid(c: C, body: z.output<typeof GetPaidRequestSchema>) {
  const guard = c.get('guard');
  const codeEntered = body.whichState === 'access' || body.whichState === 'oopsTryAgain';
  const codeCounters = [
    { policy: 'accessCodeMissesPerClient', subject: c.get('client') },
    { policy: 'accessCodeMissesPerTarget', subject: body.i ? `invite:${body.i}` : networkOf(c.get('client')) },
  ] as const;
  if (codeEntered) {
    // Both locks are asked together; a wrong code is counted after the answer.
    const locked = (await Promise.all(codeCounters.map(({ policy, subject }) => guard.check(policy, subject)))).find((d) => !d.allowed);
    if (locked && !locked.allowed)
      return tooMany(c, locked, tooManyCodes(locked.retryAfterSeconds, wordsOf(c).limits), {
        access: tooManyCodes(locked.retryAfterSeconds, wordsOf(c).limits),
      });
  }
  const origin = c.get('origin');
  const result = await origin.getPaid(body);
  if (codeEntered && result.ok && result.value.nextView === 'oopsTryAgain')
    runLater(c, Promise.all(codeCounters.map(({ policy, subject }) => guard.record(policy, subject))));
  // Reaching set-password starts the biller's experiment; being sent back to it does not count again.
  if (result.ok && result.value.nextView === 'setPass' && body.whichState !== 'setPass')
    logProductEvent(c.get('requestId'), 'experiment-activation', { view: 'setPass' });
  // The team hears of an invite form from the Worker, composed here, at most 3 times per invite
  // and 5 times an hour per client, however many invites it names.
  if (body.whichState === 'inviteForm' && body.i && result.ok && result.value.nextView === 'successKit') {
    const invite = body.i;
    const notification = inviteNotification(body, result.value, c.get('config').teamEmailList);
    runLater(
      c,
      guard
        .take({ policy: 'teamEmailsPerInvite', subject: invite }, { policy: 'teamEmailsPerClient', subject: c.get('client') })
        .then((notify) => (notify.allowed ? origin.sendTeamEmail(notification) : undefined)),
    );
  }
  return answered(c, result, (v) => v);
}

apiRoutes.all('/api/*', (c) => c.json({ error: 'There is no such API call.', fields: {} }, 404));
