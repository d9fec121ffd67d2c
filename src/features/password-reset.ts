import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { PasswordResetSchema } from '../domain/api-schemas';
import { tooManyLinks } from '../domain/limits';
import type { AppEnv } from '../web/app-env';
import { countLinkMiss, linkGuessingStopped, refuseBots, tooMany } from '../web/guard-answers';
import { answered } from '../web/validate';
import { wordsOf } from '../web/words';

type C = Context<AppEnv>;

/** A reset link's check (no `np`) or its new password (the update-password page, with script or without). */
export async function resetPassword(c: C, { x, np, humanToken }: z.output<typeof PasswordResetSchema>) {
  // A new password needs the human check; the client's guessing lock is asked beside it.
  const [bot, stopped] = await Promise.all([np === undefined ? null : refuseBots(c, humanToken), linkGuessingStopped(c)]);
  if (bot) return bot;
  const answer = stopped ? tooMany(c, stopped, tooManyLinks(stopped.retryAfterSeconds, wordsOf(c).limits)) : await changePassword(c, x, np);
  // No referrer leaves with an answer about a reset link.
  return { ...answer, headers: { ...answer.headers, 'Referrer-Policy': 'no-referrer' } };
}

/** The backend checks the link (and sets the password when one came); a link it does not know is a miss. */
async function changePassword(c: C, x: string, np: string | undefined) {
  const result = await c.get('origin').forgotPassword(np === undefined ? { x } : { x, np });
  if (result.ok && !result.value.success) countLinkMiss(c);
  return answered(c, result, (v) => v);
}
