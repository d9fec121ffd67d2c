import { FORM_KEY_LIFETIME_MS } from './form-keys';
import { keyedHash, toHex } from './keyed-hash';

/**
 * Idempotent payment submits (contract §5), keyed by the form key the page issued
 * (`form-keys.ts`): the same key answers the first result without a second origin call; the same
 * key with a different body is refused (422); a second request while the first is in flight
 * gets 409. The store holds the key's hash, never the key.
 *
 * A claim is `pending` from the request's start, `calling` once the backend has been asked to
 * charge, and `done` with the answer stored. A `calling` claim is never handed out again: the
 * charge may have gone through, so a retry is told so instead of charging twice.
 */
export type Claim =
  { kind: 'new' } | { kind: 'replay'; status: number; body: string } | { kind: 'conflict' } | { kind: 'in-flight' } | { kind: 'uncertain' };

/** What a submission was, to tell the same key sent with other details: a keyed hash, as it is made of a payer's details. */
export async function fingerprint(secret: string, parts: Record<string, string | undefined>): Promise<string> {
  const canonical = JSON.stringify(Object.entries(parts).sort(([a], [b]) => a.localeCompare(b)));
  return keyedHash(secret, canonical);
}

/** The name a form key is stored under: its SHA-256, so the store never holds a key that could be sent again. */
export async function keyRef(key: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
}

/**
 * A claim still `pending` (the backend not yet asked) this long belongs to a request that died
 * before charging: it is released, so the form is not answered 409 for ever. A `calling` claim
 * this old is the charge whose answer was never stored.
 */
export const PENDING_TIMEOUT_MS = 2 * 60 * 1000;
/**
 * Answers are kept as long as their key can be sent (30 minutes) and half an hour more: after
 * that the key itself is refused, so the answer serves nothing. The scheduled run drops them.
 */
export const KEEP_ANSWERS_MS = FORM_KEY_LIFETIME_MS + 30 * 60 * 1000;

type Row = { fingerprint: string; state: string; status: number | null; response: string | null; created_at: number };

/** `ref` is the form key's name in the store (`keyRef`), made once per request. */
export async function claim(db: D1Database, ref: string, print: string, now = Date.now()): Promise<Claim> {
  const { meta } = await db
    .prepare("INSERT INTO idempotency_keys (key, fingerprint, state, created_at) VALUES (?, ?, 'pending', ?) ON CONFLICT (key) DO NOTHING")
    .bind(ref, print, now)
    .run();
  if (meta.changes === 1) return { kind: 'new' };
  const row = await db
    .prepare('SELECT fingerprint, state, status, response, created_at FROM idempotency_keys WHERE key = ?')
    .bind(ref)
    .first<Row>();
  if (!row) return claim(db, ref, print, now);
  const stale = now - row.created_at > PENDING_TIMEOUT_MS;
  if (row.state === 'pending' && stale) {
    await db.prepare("DELETE FROM idempotency_keys WHERE key = ? AND state = 'pending' AND created_at = ?").bind(ref, row.created_at).run();
    return claim(db, ref, print, now);
  }
  if (row.fingerprint !== print) return { kind: 'conflict' };
  if (row.state === 'calling' && stale) return { kind: 'uncertain' };
  if (row.state !== 'done' || row.status === null || row.response === null) return { kind: 'in-flight' };
  return { kind: 'replay', status: row.status, body: row.response };
}

/** Marks a claim as charging: from now on it is never released or handed out again. */
export async function calling(db: D1Database, ref: string): Promise<void> {
  await db.prepare("UPDATE idempotency_keys SET state = 'calling' WHERE key = ?").bind(ref).run();
}

export async function settle(db: D1Database, ref: string, status: number, body: string): Promise<void> {
  await db.prepare("UPDATE idempotency_keys SET state = 'done', status = ?, response = ? WHERE key = ?").bind(status, body, ref).run();
}

/** Frees a key whose request never reached the origin, so the same form may try again. */
export async function release(db: D1Database, ref: string): Promise<void> {
  await db.prepare("DELETE FROM idempotency_keys WHERE key = ? AND state IN ('pending', 'calling')").bind(ref).run();
}

/** Drops answers whose key can no longer be sent (the Worker's scheduled handler); says how many. */
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
