/**
 * Sliding-window send limits on D1. One statement records an attempt for every key or for none,
 * so concurrent requests cannot slip past a limit.
 */
export interface Limit {
  key: string;
  max: number;
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A limit's key: the scope and a hash of the value, so numbers and addresses are not stored. */
export async function limitKey(scope: string, value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${scope}:${value}`));
  return `${scope}:${btoa(String.fromCharCode(...new Uint8Array(digest).slice(0, 16)))}`;
}

export async function takeSlot(db: D1Database, limits: Limit[], windowMs: number, now = Date.now()): Promise<LimitDecision> {
  const since = now - windowMs;
  const keys = limits.map((l) => l.key);
  const select = keys.map(() => 'SELECT ? AS k').join(' UNION ALL ');
  const checks = limits.map(() => '(SELECT count(*) FROM rate_events WHERE key = ? AND at > ?) < ?').join(' AND ');
  // Placeholders in the order they appear: the time, the keys, then each limit's check.
  const params: unknown[] = [now, ...keys];
  for (const l of limits) params.push(l.key, since, l.max);
  const { meta } = await db
    .prepare(`INSERT INTO rate_events (key, at) SELECT k, ? FROM (${select}) WHERE ${checks}`)
    .bind(...params)
    .run();
  if (meta.changes === limits.length) return { allowed: true };

  // Refused: a send is possible again once every full window has room, that is when the
  // send that filled it (the max-th most recent) leaves the window.
  let retryAt = now + 1000;
  for (const l of limits) {
    const row = await db
      .prepare('SELECT at FROM rate_events WHERE key = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?')
      .bind(l.key, since, l.max - 1)
      .first<{ at: number }>();
    if (row) retryAt = Math.max(retryAt, row.at + windowMs);
  }
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) };
}

export function forgetOldEvents(db: D1Database, windowMs: number, now = Date.now()): Promise<unknown> {
  return db
    .prepare('DELETE FROM rate_events WHERE at <= ?')
    .bind(now - windowMs)
    .run();
}
