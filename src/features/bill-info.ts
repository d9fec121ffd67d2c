import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { InfoAnswerSchema } from '../domain/api-schemas';
import { tooManyLinks } from '../domain/limits';
import { isUnknown, type OriginResult } from '../origin';
import { refusal, type Answer, type Refused } from '../web/answer';
import type { AppEnv } from '../web/app-env';
import { countLinkMiss, linkGuessingStopped, tooMany } from '../web/guard-answers';
import { answered } from '../web/validate';
import { wordsOf } from '../web/words';

type C = Context<AppEnv>;

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

/** A bill-info request removed, answered with the bill it named (the legacy API's DELETE). */
export const removeInfoRequest = (c: C, t: string) =>
  byInfoToken(
    c,
    () => c.get('origin').deleteInfoRequest(t),
    (billId) => ({ billId }),
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
