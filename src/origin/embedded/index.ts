import { Hono } from 'hono';
import { accountRoutes } from './accounts';
import { getPaidRoutes } from './get-paid';
import { payeeRoutes } from './payees';
import { ensureSeeded } from './seed';
import type { EmbeddedEnv } from './util';

/**
 * The legacy origin, answered inside the Worker from D1: the same paths and wire formats as the
 * real backend (contract §3), so the origin client reads both the same way.
 */
export const embeddedOrigin = new Hono<EmbeddedEnv>();

embeddedOrigin.use('*', async (c, next) => {
  await ensureSeeded(c.env.DB);
  await next();
});
embeddedOrigin.route('/', payeeRoutes);
embeddedOrigin.route('/', accountRoutes);
embeddedOrigin.route('/', getPaidRoutes);
embeddedOrigin.notFound((c) => c.json({ error: 'not found' }, 404));
embeddedOrigin.onError((_error, c) => c.json({ error: 'embedded origin error' }, 500));

export interface OutboxEntry {
  to: string;
  body: string;
  createdAt: string;
}

export async function listOutbox(db: D1Database, limit = 100): Promise<OutboxEntry[]> {
  await ensureSeeded(db);
  const { results } = await db
    .prepare('SELECT to_num AS "to", body, created_at AS createdAt FROM sms_outbox ORDER BY id DESC LIMIT ?')
    .bind(limit)
    .all<OutboxEntry>();
  return results;
}

export async function setFeatureFlag(db: D1Database, name: string, enabled: boolean): Promise<void> {
  await ensureSeeded(db);
  await db.prepare('INSERT OR REPLACE INTO feature_flags (name, enabled) VALUES (?, ?)').bind(name, enabled ? 1 : 0).run();
}
