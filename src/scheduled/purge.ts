import { readConfig } from '../settings/config';
import { forgetOldAnswers } from '../security/idempotency';
import { writeEvent } from '../telemetry/events';
import { logError } from '../telemetry/log';

/**
 * The scheduled purge of payment answers: one `purge` event with how many rows went, or a failed
 * one and an error line, which the retention alert counts (docs/operations.md). `forget` is the
 * store's own purge; a test hands one that fails.
 */
export async function purgeOldAnswers(env: Env, forget: (db: D1Database) => Promise<number> = forgetOldAnswers): Promise<void> {
  const keepLocally = !readConfig(env).originUrl;
  try {
    const removed = await forget(env.DB);
    writeEvent(env, keepLocally, 'purge', { store: 'payment-answers', outcome: 'done', removed });
  } catch (error) {
    logError('scheduled', 'purge-failed', error);
    writeEvent(env, keepLocally, 'purge', { store: 'payment-answers', outcome: 'failed', removed: 0 });
  }
}
