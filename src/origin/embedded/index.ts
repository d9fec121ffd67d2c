import { Hono } from '../../lib/hono';
import type { Receipt } from '../../domain/receipt';
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

/** A charge or decline the embedded origin recorded: no card data beyond brand and last four, no payer. */
export interface DemoPayment {
  outcome: 'paid' | 'declined';
  /** The receipt's number, for a payment that went through. */
  confirmation: string | null;
  payeeId: string;
  amountCents: number;
  brand: string;
  last4: string;
  /** The decline's message, as the backend answered it. */
  message: string | null;
  createdAt: string;
}

export async function listPayments(db: D1Database, limit = 100): Promise<DemoPayment[]> {
  await ensureSeeded(db);
  const { results } = await db
    .prepare(
      `SELECT outcome, confirmation, payeeId, amountCents, brand, last4, message, createdAt FROM (
         SELECT 'paid' AS outcome, confirmation, payee_id AS payeeId, amount_cents AS amountCents, brand, last4,
                NULL AS message, created_at AS createdAt, 0 AS seq FROM payments
         UNION ALL
         SELECT 'declined', NULL, payee_id, amount_cents, brand, last4, message, created_at, id FROM declined_payments
       ) ORDER BY createdAt DESC, seq DESC LIMIT ?`,
    )
    .bind(limit)
    .all<DemoPayment>();
  return results;
}

export async function setFeatureFlag(db: D1Database, name: string, enabled: boolean): Promise<void> {
  await ensureSeeded(db);
  await db
    .prepare('INSERT OR REPLACE INTO feature_flags (name, enabled) VALUES (?, ?)')
    .bind(name, enabled ? 1 : 0)
    .run();
}

/** A payment the embedded origin took, as its receipt shows it: no card data beyond brand and last four. */
export async function findReceipt(db: D1Database, confirmation: string): Promise<Receipt | null> {
  await ensureSeeded(db);
  const row = await db
    .prepare(
      'SELECT p.confirmation, p.amount_cents, p.brand, p.last4, p.created_at, y.data FROM payments p JOIN payees y ON y.id = p.payee_id WHERE p.confirmation = ?',
    )
    .bind(confirmation)
    .first<{ confirmation: string; amount_cents: number; brand: string; last4: string; created_at: string; data: string }>();
  if (!row) return null;
  const payee = JSON.parse(row.data) as { payeeName: string; pphone?: string };
  return {
    confirmation: row.confirmation,
    payeeName: payee.payeeName,
    payeePhone: payee.pphone ?? '',
    amountCents: row.amount_cents,
    brand: row.brand,
    last4: row.last4,
    createdAt: row.created_at,
  };
}
