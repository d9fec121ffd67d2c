import type { Context } from 'hono';
import { tooManyLinks } from '../domain/limits';
import { payLaterMiss } from '../domain/pay-later';
import { evenOut } from '../security/even-timing';
import type { AppEnv } from '../web/app-env';
import { countLinkMiss, linkGuessingStopped, tooMany } from '../web/guard-answers';
import { answered } from '../web/validate';
import { wordsOf } from '../web/words';

/** The pay-later opt-in, by the emailed link's token or the email's (the pay-later page, with script or without). */
export async function payLater(c: Context<AppEnv>, ue: string) {
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
