import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { GetPaidRequestSchema } from '../domain/api-schemas';
import { inviteNotification } from '../domain/get-paid';
import { tooManyCodes } from '../domain/limits';
import { networkOf } from '../security/guard';
import { logProductEvent } from '../telemetry/log';
import type { AppEnv } from '../web/app-env';
import { tooMany } from '../web/guard-answers';
import { runLater } from '../web/middleware';
import { answered } from '../web/validate';
import { wordsOf } from '../web/words';

type C = Context<AppEnv>;
type GetPaidRequest = z.output<typeof GetPaidRequestSchema>;

/** One step of the biller get-paid flow (the get-paid page, with script or without): the code's locks, the backend's step, then what follows it. */
export async function getPaid(c: C, body: GetPaidRequest) {
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
  const result = await c.get('origin').getPaid(body);
  if (codeEntered && result.ok && result.value.nextView === 'oopsTryAgain')
    runLater(c, Promise.all(codeCounters.map(({ policy, subject }) => guard.record(policy, subject))));
  // Reaching set-password starts the biller's experiment; being sent back to it does not count again.
  if (result.ok && result.value.nextView === 'setPass' && body.whichState !== 'setPass')
    logProductEvent(c.get('requestId'), 'experiment-activation', { view: 'setPass' });
  if (body.whichState === 'inviteForm' && body.i && result.ok && result.value.nextView === 'successKit')
    notifyTeam(c, body, body.i, result.value);
  return answered(c, result, (v) => v);
}

/**
 * The team hears of an invite form from the Worker, composed here, at most 3 times per invite and
 * 5 times an hour per client, however many invites it names; after the answer.
 */
function notifyTeam(c: C, body: GetPaidRequest, invite: string, step: Parameters<typeof inviteNotification>[1]) {
  const notification = inviteNotification(body, step, c.get('config').teamEmailList);
  runLater(
    c,
    c
      .get('guard')
      .take({ policy: 'teamEmailsPerInvite', subject: invite }, { policy: 'teamEmailsPerClient', subject: c.get('client') })
      .then((notify) => (notify.allowed ? c.get('origin').sendTeamEmail(notification) : undefined)),
  );
}
