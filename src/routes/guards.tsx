import type { Context } from 'hono';
import type { PolicyName } from '../security/guard';
import { IsolateMemo } from '../lib/isolate-memo';
import { runLater } from '../web/middleware';
import type { AppEnv } from '../web/app-env';
import { respond } from '../web/answer';
import { limitReached, tooMany } from '../web/guard-answers';
import { PRIVATE_PAGE } from '../security/headers';
import { renderPage } from '../web/render';
import { TooManyTriesPage } from '../pages/too-many-tries';

// What page routes share beside the guard's answers (src/web/guard-answers.ts): reports counted
// after their answer, and the too-many-tries page.

/** Clients this isolate found over a report limit, and until when (they are answered 429 without asking the guard). */
const overReportLimit = new IsolateMemo<number>(1000);

/** Forgets which subjects this isolate found over a report limit: the local demo starting over, never production. */
export const forgetReportLimits = (): void => overReportLimit.clear();

/**
 * A report (a browser error, a CSP violation, a page's Web Vitals) is answered at once and counted
 * after the answer: `record` runs once a slot of every limit named is taken. A subject found over
 * its limit is refused with 429 by this isolate until its wait is over; nothing it sent meanwhile is recorded.
 */
export function countReportLater(
  c: Context<AppEnv>,
  limits: ReadonlyArray<{ policy: PolicyName; subject: string }>,
  message: string,
  record: () => void,
): Response | null {
  const now = Date.now();
  for (const { policy, subject } of limits) {
    const until = overReportLimit.get(`${policy}:${subject}`, now);
    if (until) return respond(c, tooMany(c, { allowed: false, policy, retryAfterSeconds: Math.ceil((until - now) / 1000) }, message));
  }
  runLater(
    c,
    c
      .get('guard')
      .take(...limits)
      .then((decision) => {
        if (decision.allowed) return record();
        const over = Date.now() + decision.retryAfterSeconds * 1000;
        const subject = limits.find((limit) => limit.policy === decision.policy)?.subject;
        overReportLimit.set(`${decision.policy}:${subject}`, over, over);
        limitReached(c, decision.policy, 'dropped');
      }),
  );
  return null;
}

/** A client that tried too many links that matched nothing gets this instead of the page (429). */
export function tooManyTries(c: Context<AppEnv>, stopped: { retryAfterSeconds: number }): Promise<Response> {
  return renderPage(c, <TooManyTriesPage retryAfterSeconds={stopped.retryAfterSeconds} />, {
    status: 429,
    headers: { ...PRIVATE_PAGE, 'Retry-After': String(stopped.retryAfterSeconds) },
  });
}
