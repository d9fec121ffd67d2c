import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { GuardDecision } from '../security/guard';
import { verifyHuman } from '../security/human-check';
import type { AppEnv } from '../web/app-env';
import { recordEvent } from '../telemetry/events';
import { logSecurityEvent } from '../telemetry/log';
import { apiError } from '../web/validate';
import { wordsOf } from '../web/words';
import { PRIVATE_PAGE } from '../security/headers';
import { renderPage } from '../web/render';
import { TooManyTriesPage } from '../pages/too-many-tries';

/** The human check before a send, a password change or a payment: null when it passes. */
export async function refuseBots(c: Context<AppEnv>, token: string | undefined): Promise<Response | null> {
  const human = await verifyHuman(c.get('config'), token, c.req.header('CF-Connecting-IP'));
  if (human.ok) return null;
  logSecurityEvent(c.get('requestId'), 'human-check-failed', { path: c.req.path, reason: human.reason });
  recordEvent(c, 'humanCheck', { reason: human.reason, route: routePath(c) });
  const message = wordsOf(c).smsForm.humanCheckFailed;
  return apiError(c, 400, message, { humanToken: message });
}

/** A limit of the abuse guard was reached: 429 with Retry-After, the visitor's message, and a security event. */
export function tooMany(
  c: Context<AppEnv>,
  decision: Extract<GuardDecision, { allowed: false }>,
  message: string,
  fields: Record<string, string> = {},
): Response {
  logSecurityEvent(c.get('requestId'), 'limit-reached', { path: c.req.path, policy: decision.policy });
  recordEvent(c, 'limit', { policy: decision.policy, route: routePath(c) });
  c.header('Retry-After', String(decision.retryAfterSeconds));
  return apiError(c, 429, message, fields);
}

/** Stops a client that has tried too many reset, bill-info or pay-later links that matched nothing. */
export async function linkGuessingStopped(c: Context<AppEnv>): Promise<Extract<GuardDecision, { allowed: false }> | null> {
  const decision = await c.get('guard').check('linkMissesPerClient', c.get('client'));
  return decision.allowed ? null : decision;
}

/** A link token or email that matched nothing: one more miss for this client. */
export async function countLinkMiss(c: Context<AppEnv>): Promise<void> {
  if (await c.get('guard').record('linkMissesPerClient', c.get('client'))) {
    logSecurityEvent(c.get('requestId'), 'limit-reached', { path: c.req.path, policy: 'linkMissesPerClient' });
    recordEvent(c, 'limit', { policy: 'linkMissesPerClient', route: routePath(c) });
  }
}

/** A client that tried too many links that matched nothing gets this instead of the page (429). */
export function tooManyTries(c: Context<AppEnv>, stopped: { retryAfterSeconds: number }): Promise<Response> {
  return renderPage(c, <TooManyTriesPage retryAfterSeconds={stopped.retryAfterSeconds} />, {
    status: 429,
    translated: true,
    headers: { ...PRIVATE_PAGE, 'Retry-After': String(stopped.retryAfterSeconds) },
  });
}
