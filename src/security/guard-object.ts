import { DurableObject } from 'cloudflare:workers';

/** What one counter answers: allowed, or refused until `retryAfterSeconds` have passed. */
export type Decision = { allowed: true; at: number } | { allowed: false; retryAfterSeconds: number };

/**
 * A shard of the abuse guard's counters (src/security/guard.ts): the events of the keys that
 * hash to it, in one Durable Object, so every check-and-record of a key is atomic across
 * isolates and locations. Events are kept in SQLite for the longest window and pruned by an alarm.
 */
export class AbuseCounter extends DurableObject<Env> {
  #sql = this.ctx.storage.sql;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#sql.exec("CREATE TABLE IF NOT EXISTS events (key TEXT NOT NULL, at INTEGER NOT NULL, member TEXT NOT NULL DEFAULT '')");
    this.#sql.exec('CREATE INDEX IF NOT EXISTS events_key_at ON events (key, at)');
  }

  /**
   * Records an event when fewer than `limit` are in the window. With a `member` (a card's
   * expiry and code, say), the limit counts distinct members, and a member already seen is
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
    this.#sql.exec('INSERT INTO events (key, at, member) VALUES (?, ?, ?)', key, now, member);
    await this.#pruneLater(now + windowMs);
    return { allowed: true, at: now };
  }

  /** Whether `take` would let an event through, without recording it. */
  peek(key: string, limit: number, windowMs: number, now = Date.now()): Promise<Decision> {
    return this.take(key, limit, windowMs, '', now, false);
  }

  /** Records an event whatever the count (a decline, a wrong code), and says how many the window now holds. */
  async record(key: string, windowMs: number, now = Date.now()): Promise<number> {
    this.#sql.exec("INSERT INTO events (key, at, member) VALUES (?, ?, '')", key, now);
    await this.#pruneLater(now + windowMs);
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
    // The longest window any policy uses: events older than it count for nothing.
    const horizon = Date.now() - MAX_WINDOW_MS;
    this.#sql.exec('DELETE FROM events WHERE at <= ?', horizon);
    const left = this.#sql.exec('SELECT max(at) AS last FROM events').one().last as number | null;
    // The emptied table stays: this instance may be asked again at once.
    if (left !== null) await this.ctx.storage.setAlarm(left + MAX_WINDOW_MS);
  }

  /** Forgets every event (the local demo starting over; never called in production). */
  async clear(): Promise<void> {
    this.#sql.exec('DELETE FROM events');
    await this.ctx.storage.deleteAlarm();
  }

  async #pruneLater(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current < at) await this.ctx.storage.setAlarm(Math.min(at, Date.now() + MAX_WINDOW_MS));
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
