import type { Context } from 'hono';
import type { PolicyName, Refusal } from '../security/guard';
import { verifyHuman } from '../security/human-check';
import { recordEvent } from '../telemetry/events';
import { logSecurityEvent } from '../telemetry/log';
import type { ApiError } from '../domain/errors';
import { INTERACTIVE_TOKEN_FIELD } from '../domain/human-check';
import { fill } from '../domain/catalogue/fill';
import type { AppEnv } from './app-env';
import { refusal, type Answer, type Refused } from './answer';
import { routeOf, runLater } from './middleware';
import { wordsOf } from './words';

// The answers of the human checks and the abuse guard that every feature gives alike, each counted
// as an event, and the client's lock on guessing links.

/** Counts a siteverify call among the request's waits. */
const siteverifyWaited = (c: Context<AppEnv>) => (ms: number) => c.get('waits').add('siteverify', ms);

/** The human check before a send, a password change or a payment: null when it passes. */
export async function refuseBots(c: Context<AppEnv>, token: string | undefined): Promise<Refused | null> {
  const human = await verifyHuman(c.get('config'), token, c.req.header('CF-Connecting-IP'), 'site', siteverifyWaited(c));
  if (human.ok) return null;
  logSecurityEvent(c.get('requestId'), 'human-check-failed', { path: c.req.path, reason: human.reason });
  recordEvent(c, 'humanCheck', { reason: human.reason, route: routeOf(c) });
  const message = wordsOf(c).smsForm.humanCheckFailed;
  return refusal(400, message, { humanToken: message });
}

/** Whether the interactive check's token passes (its own widget and secret); a failure is counted as the human check's. */
export async function passesInteractiveCheck(c: Context<AppEnv>, token: string): Promise<boolean> {
  const human = await verifyHuman(c.get('config'), token, c.req.header('CF-Connecting-IP'), 'interactive', siteverifyWaited(c));
  if (!human.ok) recordEvent(c, 'humanCheck', { reason: `interactive-${human.reason}`, route: routeOf(c) });
  return human.ok;
}

/**
 * An address's or a payee's count runs high: the visitor is asked for the interactive check (400,
 * at its field) rather than refused, since many honest people share one address. Counted as a
 * `limit` event that asked.
 */
export function askInteractiveCheck(c: Context<AppEnv>, policy: PolicyName): Answer<ApiError & { interactiveCheck: true }> {
  limitReached(c, policy, 'asked');
  const message = wordsOf(c).limits.interactiveCheck;
  return { status: 400, body: { error: message, fields: { [INTERACTIVE_TOKEN_FIELD]: message }, interactiveCheck: true } };
}

/**
 * A limit of the abuse guard was reached: 429 with Retry-After, the visitor's message with a short
 * reference the payee's office can quote (the `limit` event and the log line carry it with the
 * policy), and a security event.
 */
export function tooMany(c: Context<AppEnv>, decision: Refusal, message: string, fields: Record<string, string> = {}): Refused {
  const reference = limitReached(c, decision.policy, 'refused');
  const said = `${message} ${fill(wordsOf(c).limits.reference, { reference })}`;
  return refusal(429, said, Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, text === message ? said : text])), {
    'Retry-After': String(decision.retryAfterSeconds),
  });
}

/**
 * A limit reached, refused, asking for the interactive check, or pausing card payments (a payee's
 * or the site's declines tripped): a security log line and a `limit` event, by policy, with the request's reference (its id's first eight characters), which a
 * refused visitor reads.
 */
export function limitReached(c: Context<AppEnv>, policy: PolicyName, action: 'refused' | 'asked' | 'dropped' | 'paused'): string {
  const reference = referenceOf(c.get('requestId'));
  logSecurityEvent(c.get('requestId'), 'limit-reached', { path: c.req.path, policy, action, reference });
  recordEvent(c, 'limit', { policy, route: routeOf(c), action, reference });
  return reference;
}

/** A refusal's reference: short enough to read aloud on the phone, and found in the events and logs. */
export const referenceOf = (requestId: string): string => requestId.replace(/-/g, '').slice(0, 8).toUpperCase();

/** Each request's answer about its client's link guessing: a form that reads and then answers a bill-info request asks once. */
const guessingChecks = new WeakMap<Context<AppEnv>, Promise<Refusal | null>>();

/** Stops a client that has tried too many reset, bill-info or pay-later links that matched nothing. */
export function linkGuessingStopped(c: Context<AppEnv>): Promise<Refusal | null> {
  let check = guessingChecks.get(c);
  if (!check) {
    check = c
      .get('guard')
      .check('linkMissesPerClient', c.get('client'))
      .then((decision) => (decision.allowed ? null : decision));
    guessingChecks.set(c, check);
  }
  return check;
}

/** A link token or email that matched nothing: one more miss for this client, counted after the answer. */
export function countLinkMiss(c: Context<AppEnv>): void {
  runLater(
    c,
    c
      .get('guard')
      .record('linkMissesPerClient', c.get('client'))
      .then((reached) => {
        if (reached) limitReached(c, 'linkMissesPerClient', 'refused');
      }),
  );
}
