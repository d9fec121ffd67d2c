import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { EmailLinkSchema } from '../domain/api-schemas';
import { tooManyLinks } from '../domain/limits';
import type { AppEnv } from '../web/app-env';
import { countLinkMiss, linkGuessingStopped, tooMany } from '../web/guard-answers';
import { answered } from '../web/validate';
import { wordsOf } from '../web/words';

/** Sends sign-in's answer on to link an inbox (the account-link page's button, with script or without). */
export async function linkInbox(c: Context<AppEnv>, link: z.output<typeof EmailLinkSchema>) {
  // A sign-in answer the backend refuses counts as a link that matched nothing: codes are not guessed here.
  const stopped = await linkGuessingStopped(c);
  if (stopped) return tooMany(c, stopped, tooManyLinks(stopped.retryAfterSeconds, wordsOf(c).limits));
  const result = await c.get('origin').linkGmail(link);
  if (result.ok && !result.value) countLinkMiss(c);
  return answered(c, result, (ok) => ({ success: ok ? ('true' as const) : ('false' as const) }));
}
