import { DurableObject } from 'cloudflare:workers';

/** What one counter answers: allowed, or refused until `retryAfterSeconds` have passed. */
export type Decision = { allowed: true; at: number } | { allowed: false; retryAfterSeconds: number };

/**
 * A shard of the abuse guard's counters (src/security/guard.ts): the events of the keys that
 * hash to it, in one Durable Object, so every check-and-record of a key is atomic across
 * isolates and locations. Each event is kept in SQLite until its window has passed: the alarm
 * rings when the oldest one expires, whatever comes after it, and takes every expired one.
 */
export class AbuseCounter extends DurableObject<Env> {
  #sql = this.ctx.storage.sql;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#sql.exec(
      "CREATE TABLE IF NOT EXISTS events (key TEXT NOT NULL, at INTEGER NOT NULL, member TEXT NOT NULL DEFAULT '', expires INTEGER NOT NULL DEFAULT 0)",
    );
    // Shards made before events carried their expiry: theirs count for at most a day.
    const columns = this.#sql.exec('PRAGMA table_info(events)').toArray();
    if (!columns.some((column) => column.name === 'expires'))
      this.#sql.exec(`ALTER TABLE events ADD COLUMN expires INTEGER NOT NULL DEFAULT 0`);
    this.#sql.exec(`UPDATE events SET expires = at + ${MAX_WINDOW_MS} WHERE expires = 0`);
    this.#sql.exec('CREATE INDEX IF NOT EXISTS events_key_at ON events (key, at)');
    this.#sql.exec('CREATE INDEX IF NOT EXISTS events_expires ON events (expires)');
  }

  /**
   * Records an event when fewer than `limit` are in the window. With a `member` (a keyed hash of
   * a card and its expiry, say), the limit counts distinct members, and a member already seen is
   * always let through again.
   */
  async take(key: string, limit: number, windowMs: number, member = '', now = Date.now(), record = true): Promise<Decision> {
    const since = now - windowMs;
    if (member) {
      const seen =
        this.#sql.exec('SELECT 1 FROM events WHERE key = ? AND at > ? AND member = ? LIMIT 1', key, since, member).toArray().length > 0;
      const distinct = this.#sql.exec('SELECT count(DISTINCT member) AS n FROM events WHERE key = ? AND at > ?', key, since).one()
        .n as number;
      if (!seen && distinct >= limit) return this.#refusal(key, since, windowMs, limit, now, true);
    } else {
      const count = this.count(key, windowMs, now);
      if (count >= limit) return this.#refusal(key, since, windowMs, limit, now, false);
    }
    if (!record) return { allowed: true, at: now };
    this.#sql.exec('INSERT INTO events (key, at, member, expires) VALUES (?, ?, ?, ?)', key, now, member, now + windowMs);
    await this.#pruneAt(now + windowMs);
    return { allowed: true, at: now };
  }

  /** Whether `take` would let an event through, without recording it. */
  peek(key: string, limit: number, windowMs: number, now = Date.now()): Promise<Decision> {
    return this.take(key, limit, windowMs, '', now, false);
  }

  /** Records an event whatever the count (a decline, a wrong code), and says how many the window now holds. */
  async record(key: string, windowMs: number, now = Date.now()): Promise<number> {
    this.#sql.exec("INSERT INTO events (key, at, member, expires) VALUES (?, ?, '', ?)", key, now, now + windowMs);
    await this.#pruneAt(now + windowMs);
    return this.count(key, windowMs, now);
  }

  /** How many events the window holds. */
  count(key: string, windowMs: number, now = Date.now()): number {
    return this.#sql.exec('SELECT count(*) AS n FROM events WHERE key = ? AND at > ?', key, now - windowMs).one().n as number;
  }

  /** Gives back an event taken at `at`, when a request was refused by another counter after this one let it through. */
  give(key: string, at: number): void {
    this.#sql.exec('DELETE FROM events WHERE rowid = (SELECT rowid FROM events WHERE key = ? AND at = ? LIMIT 1)', key, at);
  }

  override async alarm(): Promise<void> {
    await this.prune(Date.now());
  }

  /** Takes every event whose window has passed, and sets the alarm for the next to expire. */
  async prune(now: number): Promise<void> {
    this.#sql.exec('DELETE FROM events WHERE expires <= ?', now);
    const next = this.#sql.exec('SELECT min(expires) AS next FROM events').one().next as number | null;
    // The emptied table stays: this instance may be asked again at once.
    if (next === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(next);
  }

  /** The oldest event this shard keeps, and when its alarm rings (what the retention test reads). */
  async kept(): Promise<{ oldest: number | null; alarm: number | null }> {
    const oldest = this.#sql.exec('SELECT min(at) AS oldest FROM events').one().oldest as number | null;
    return { oldest, alarm: await this.ctx.storage.getAlarm() };
  }

  /** Forgets every event (the local demo starting over; never called in production). */
  async clear(): Promise<void> {
    this.#sql.exec('DELETE FROM events');
    await this.ctx.storage.deleteAlarm();
  }

  /** The alarm rings for the earliest expiry: a later event never puts it off. */
  async #pruneAt(expires: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > expires) await this.ctx.storage.setAlarm(expires);
  }

  #refusal(key: string, since: number, windowMs: number, limit: number, now: number, distinct: boolean): Decision {
    // Room comes back when the event that filled the window (the limit-th most recent) leaves it.
    const row = distinct
      ? this.#sql
          .exec(
            'SELECT min(at) AS at FROM (SELECT member, max(at) AS at FROM events WHERE key = ? AND at > ? GROUP BY member ORDER BY at DESC LIMIT ?)',
            key,
            since,
            limit,
          )
          .one()
      : this.#sql
          .exec('SELECT at FROM events WHERE key = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?', key, since, limit - 1)
          .toArray()[0];
    const filledAt = (row?.at as number | null | undefined) ?? now;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((filledAt + windowMs - now) / 1000)) };
  }
}

/** No policy looks further back than a day. */
export const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;
