import { Hono } from '../lib/hono';
import { createOrigin } from '../origin';
import { REDIRECT_FLAG } from '../origin/feature-flags';
import type { GuardDecision } from '../security/guard';
import { readinessClaim } from '../security/payment-claim';
import type { AppEnv } from '../web/app-env';
import { workerVersion } from '../telemetry/events';
import { tooMany } from '../web/guard-answers';
import { respond } from '../web/answer';

/**
 * `/readyz` for an uptime check: 200 when the backend (one cheap contract call, the redirect flag,
 * with a short timeout), D1, KV and the abuse guard's Durable Object all answer within the time
 * allowed; 503 naming each one that does not. Never cached; limited per client.
 */
export const readinessRoutes = new Hono<AppEnv>();

/** The whole check answers within 3 s: each dependency gets this long. */
export const READY_TIMEOUT_MS = 2500;

type Check = 'backend' | 'claims' | 'kv' | 'guard';

async function within<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS);
      }),
    ]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

readinessRoutes.get('/readyz', async (c) => {
  const results = new Map<Check, boolean>();
  const pass = async (name: Check, work: () => Promise<unknown>) => {
    try {
      await within(work());
      results.set(name, true);
    } catch {
      results.set(name, false);
    }
  };
  let refused: Extract<GuardDecision, { allowed: false }> | undefined;
  await Promise.all([
    pass('guard', async () => {
      const decision = await c.get('guard').take({ policy: 'readinessPerClient', subject: c.get('client') });
      if (!decision.allowed) refused = decision;
    }),
    pass('backend', async () => {
      const answer = await createOrigin(c.env, undefined, READY_TIMEOUT_MS).featureEnabled(REDIRECT_FLAG);
      if (!answer.ok) throw new Error(answer.kind);
    }),
    // Each store is asked by the module that owns it: payments' claims (a Durable Object of the prober's own), the payee cache in KV.
    pass('claims', () => readinessClaim(c.env.CLAIMS).stored()),
    pass('kv', () => c.get('origin').cacheReadable()),
  ]);
  if (refused) return respond(c, tooMany(c, refused, 'Too many readiness checks.'));
  const checks = Object.fromEntries([...results].map(([name, ok]) => [name, ok ? 'ok' : 'failing']));
  const failing = [...results].filter(([, ok]) => !ok).map(([name]) => name);
  return c.json({ ready: !failing.length, version: workerVersion(), failing, checks }, failing.length ? 503 : 200);
});
