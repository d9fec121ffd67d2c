import { DEMO_ACCESS_CODES, DEMO_FLAGS, DEMO_INFO_REQUESTS, DEMO_PAYEES, DEMO_PAY_LATER_USERS, DEMO_RESET_TOKENS } from './demo-data';

/** Bump when the demo data changes, so running databases are seeded again. */
export const SEED_VERSION = '1';

const seeded = new WeakMap<D1Database, Promise<void>>();

/** Writes the demo data. Idempotent: running it again gives the same rows, not more. */
export async function seed(db: D1Database, now = Date.now()): Promise<void> {
  const nowSec = Math.floor(now / 1000);
  const statements: D1PreparedStatement[] = [];
  for (const p of DEMO_PAYEES) {
    statements.push(
      db
        .prepare('INSERT OR REPLACE INTO payees (id, url, billing_url, name, data) VALUES (?, ?, ?, ?, ?)')
        .bind(String(p.payeeId), p.urls?.url || null, p.urls?.billingUrl || null, p.payeeName, JSON.stringify(p)),
    );
  }
  for (const f of DEMO_FLAGS) {
    statements.push(db.prepare('INSERT OR REPLACE INTO feature_flags (name, enabled) VALUES (?, ?)').bind(f.name, f.enabled ? 1 : 0));
  }
  for (const t of DEMO_RESET_TOKENS) {
    statements.push(
      db
        .prepare('INSERT OR REPLACE INTO reset_tokens (token, user_id, expires_at, used_at, mismatch) VALUES (?, ?, ?, NULL, ?)')
        .bind(t.token, t.userId, nowSec + t.expiresIn, t.mismatch ? 1 : 0),
    );
  }
  for (const r of DEMO_INFO_REQUESTS) {
    statements.push(db.prepare("INSERT OR REPLACE INTO bills (id, status) VALUES (?, 'scheduled')").bind(r.billId));
    statements.push(
      db
        .prepare('INSERT OR REPLACE INTO info_requests (token, bill_id, fields, answered_at) VALUES (?, ?, ?, NULL)')
        .bind(r.token, r.billId, JSON.stringify(r.fields)),
    );
  }
  for (const a of DEMO_ACCESS_CODES) {
    statements.push(
      db.prepare('INSERT OR REPLACE INTO access_codes (code, payee_id, used_at) VALUES (?, ?, NULL)').bind(a.code, a.payeeId),
    );
  }
  for (const u of DEMO_PAY_LATER_USERS) {
    statements.push(db.prepare('INSERT OR REPLACE INTO pay_later_users (email, enrolled) VALUES (?, ?)').bind(u.email, u.enrolled ? 1 : 0));
  }
  statements.push(db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('seed_version', ?)").bind(SEED_VERSION));
  await db.batch(statements);
}

/** Seeds a database the first time this isolate uses it, unless it already holds this seed version. */
export function ensureSeeded(db: D1Database): Promise<void> {
  let pending = seeded.get(db);
  if (!pending) {
    pending = (async () => {
      const row = await db.prepare("SELECT value FROM meta WHERE key = 'seed_version'").first<{ value: string }>();
      if (row?.value !== SEED_VERSION) await seed(db);
    })();
    pending.catch(() => seeded.delete(db));
    seeded.set(db, pending);
  }
  return pending;
}
