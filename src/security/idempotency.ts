/**
 * Idempotent payment submits (contract §5), keyed by the form key the page issued
 * (`form-keys.ts`): the same key answers the first result without a
 * second origin call; the same key with a different body is refused (422); a second request
 * while the first is in flight gets 409.
 */
export type Claim = { kind: 'new' } | { kind: 'replay'; status: number; body: string } | { kind: 'conflict' } | { kind: 'in-flight' };

export async function fingerprint(parts: Record<string, string | undefined>): Promise<string> {
  const canonical = JSON.stringify(Object.entries(parts).sort(([a], [b]) => a.localeCompare(b)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/**
 * A claim still pending this long belongs to a request that died (the origin's timeout is 60 s):
 * it is released, so the form is not answered 409 for ever.
 */
export const PENDING_TIMEOUT_MS = 2 * 60 * 1000;
/** Answers are kept a day, far longer than a form key lives (30 minutes); the scheduled clean-up drops older ones. */
export const KEEP_ANSWERS_MS = 24 * 60 * 60 * 1000;

export async function claim(db: D1Database, key: string, print: string, now = Date.now()): Promise<Claim> {
  const { meta } = await db
    .prepare("INSERT INTO idempotency_keys (key, fingerprint, state, created_at) VALUES (?, ?, 'pending', ?) ON CONFLICT (key) DO NOTHING")
    .bind(key, print, now)
    .run();
  if (meta.changes === 1) return { kind: 'new' };
  const row = await db
    .prepare('SELECT fingerprint, state, status, response, created_at FROM idempotency_keys WHERE key = ?')
    .bind(key)
    .first<{ fingerprint: string; state: string; status: number | null; response: string | null; created_at: number }>();
  if (!row) return claim(db, key, print, now);
  if (row.state === 'pending' && now - row.created_at > PENDING_TIMEOUT_MS) {
    await db.prepare("DELETE FROM idempotency_keys WHERE key = ? AND state = 'pending' AND created_at = ?").bind(key, row.created_at).run();
    return claim(db, key, print, now);
  }
  if (row.fingerprint !== print) return { kind: 'conflict' };
  if (row.state !== 'done' || row.status === null || row.response === null) return { kind: 'in-flight' };
  return { kind: 'replay', status: row.status, body: row.response };
}

export async function settle(db: D1Database, key: string, status: number, body: string): Promise<void> {
  await db.prepare("UPDATE idempotency_keys SET state = 'done', status = ?, response = ? WHERE key = ?").bind(status, body, key).run();
}

/** Frees a key whose request never reached the origin, so the same form may try again. */
export async function release(db: D1Database, key: string): Promise<void> {
  await db.prepare("DELETE FROM idempotency_keys WHERE key = ? AND state = 'pending'").bind(key).run();
}

/** Drops answers older than a day (the Worker's scheduled handler). */
export async function forgetOldAnswers(db: D1Database, now = Date.now()): Promise<number> {
  const { meta } = await db
    .prepare('DELETE FROM idempotency_keys WHERE created_at < ?')
    .bind(now - KEEP_ANSWERS_MS)
    .run();
  return meta.changes;
}

/** Whether the store of payment answers can be read: every payment needs it (`/readyz`). */
export async function answersReadable(db: D1Database): Promise<void> {
  await db.prepare('SELECT 1 FROM idempotency_keys LIMIT 1').first();
}
