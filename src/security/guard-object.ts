import { DurableObject } from 'cloudflare:workers';

/**
 * What an object answers: allowed (with the keys whose count has reached their `stepUpAt`), or
 * refused by the limit of `key` until `retryAfterSeconds` have passed.
 */
export type Decision =
  { allowed: true; at: number; high?: string[] } | { allowed: false; retryAfterSeconds: number; key: string; tripped?: true };

/**
 * A count that pauses its subject: once it holds `floor` events, `ratio` times as many as
 * `against` holds over the same window, from `networks` distinct members, the take that reaches it
 * is refused and `pause` is recorded for `pauseMs` (which the subject's pause take then refuses by).
 */
export interface Trips {
  against: string;
  floor: number;
  ratio: number;
  networks: number;
  pause: string;
  pauseMs: number;
}

/** One limit asked of an object: `record: false` only checks it (a lock, as the declines of a client). */
export interface Take {
  key: string;
  limit: number;
  windowMs: number;
  /** With a member (a keyed hash of a card and its expiry), the limit counts distinct members. */
  member?: string;
  record?: boolean;
  /** A count at which the request is answered with an interactive human check rather than let through unasked (`high`). */
  stepUpAt?: number;
  /** The count pauses its subject (an object of the version before ignores it). */
  trips?: Trips;
  /** `stepUpAt` asks only while the count is also `ratio` times `against`'s (declines weighed against approvals). */
  weighed?: { against: string; ratio: number };
}

/**
 * The counters of one subject of the abuse guard (src/security/guard.ts): a client, a card, a
 * phone number, a payee. One object per subject, created near the first request that names it,
 * so a visitor's counters sit near the visitor; every check-and-record of a subject's limits is
 * one call and atomic across isolates and locations. Each event is kept in SQLite until its
 * window has passed: the alarm rings when the oldest one expires and takes every expired one, and
 * an object left with no event deletes its storage. An object only asked (a peek) writes nothing:
 * its tables are made by its first write.
 */
/**
 * What a counter runs before its first write. During a gradual release each object runs one
 * version or the other, so a change here only adds what the other version can live with
 * (test/worker/security/object-schema.test.ts).
 */
export const GUARD_SCHEMA = [
  "CREATE TABLE IF NOT EXISTS events (key TEXT NOT NULL, at INTEGER NOT NULL, member TEXT NOT NULL DEFAULT '', expires INTEGER NOT NULL)",
  'CREATE INDEX IF NOT EXISTS events_key_at ON events (key, at)',
  'CREATE INDEX IF NOT EXISTS events_expires ON events (expires)',
  // The local demo's list of the objects it made, so that starting over empties each (Guard.forgetAll).
  'CREATE TABLE IF NOT EXISTS objects (name TEXT PRIMARY KEY)',
] as const;

export class AbuseCounter extends DurableObject<Env> {
  #sql = this.ctx.storage.sql;
  /** Whether the tables exist: read once at start, which writes nothing. */
  #ready = this.#sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").toArray().length > 0;

  /** The tables, made by the first write (a peek of an object never written leaves it without storage). */
  #schema(): void {
    if (this.#ready) return;
    this.#sql.exec(GUARD_SCHEMA.join(';'));
    this.#ready = true;
  }

  /**
   * Every limit of `takes`, all or none: when one is reached nothing is recorded and the longest
   * wait is answered; otherwise each take with `record` (the default) is recorded at `now`, and
   * the answer names the takes whose count had reached their `stepUpAt`.
   */
  async takeAll(takes: Take[], now = Date.now()): Promise<Decision> {
    let refusal: Extract<Decision, { allowed: false }> | undefined;
    const high: string[] = [];
    for (const take of takes) {
      const decision = this.#room(take, now);
      if (decision && (!refusal || decision.retryAfterSeconds > refusal.retryAfterSeconds)) refusal = decision;
      if (take.stepUpAt !== undefined && this.#counted(take, now) >= take.stepUpAt && this.#outweighs(take, now)) high.push(take.key);
    }
    if (refusal) return refusal;
    for (const take of takes) if (take.trips && take.record !== false && this.#trips(take, now)) return this.#pause(take.trips, now);
    const recorded = takes.filter((take) => take.record !== false);
    if (recorded.length) this.#schema();
    for (const { key, member = '', windowMs } of recorded)
      this.#sql.exec('INSERT INTO events (key, at, member, expires) VALUES (?, ?, ?, ?)', key, now, member, now + windowMs);
    if (recorded.length) await this.#pruneAt(now + Math.min(...recorded.map((take) => take.windowMs)));
    return { allowed: true, at: now, high };
  }

  /** Whether a weighed count is `ratio` times its other count (always, unweighed). */
  #outweighs({ key, windowMs, weighed }: Take, now: number): boolean {
    return !weighed || this.count(key, windowMs, now) >= weighed.ratio * this.count(weighed.against, windowMs, now);
  }

  /** Whether recording `take` now would reach its pause: its events with this one, weighed against `against`'s, from enough networks. */
  #trips({ key, windowMs, member = '', trips }: Take, now: number): boolean {
    const { against, floor, ratio, networks } = trips!;
    const count = this.count(key, windowMs, now) + 1;
    if (count < floor || count < ratio * this.count(against, windowMs, now)) return false;
    const since = now - windowMs;
    const others = this.#sql
      .exec('SELECT count(DISTINCT member) AS n FROM events WHERE key = ? AND at > ? AND member != ?', key, since, member)
      .one().n as number;
    return others + 1 >= networks;
  }

  /** Records a pause and refuses the take that reached it. */
  async #pause({ pause, pauseMs }: Trips, now: number): Promise<Decision> {
    this.#schema();
    this.#sql.exec("INSERT INTO events (key, at, member, expires) VALUES (?, ?, '', ?)", pause, now, now + pauseMs);
    await this.#pruneAt(now + pauseMs);
    return { allowed: false, retryAfterSeconds: Math.ceil(pauseMs / 1000), key: pause, tripped: true };
  }

  /** Records an event whatever the count (a decline, a wrong code), and says how many the window now holds. */
  async record(key: string, windowMs: number, now = Date.now()): Promise<number> {
    this.#schema();
    this.#sql.exec("INSERT INTO events (key, at, member, expires) VALUES (?, ?, '', ?)", key, now, now + windowMs);
    await this.#pruneAt(now + windowMs);
    return this.count(key, windowMs, now);
  }

  /** How many events the window holds. */
  count(key: string, windowMs: number, now = Date.now()): number {
    if (!this.#ready) return 0;
    return this.#sql.exec('SELECT count(*) AS n FROM events WHERE key = ? AND at > ?', key, now - windowMs).one().n as number;
  }

  /** What a take's limit counts: its events, or its distinct members. */
  #counted({ key, windowMs, member = '' }: Take, now: number): number {
    if (!this.#ready) return 0;
    if (!member) return this.count(key, windowMs, now);
    return this.#sql.exec('SELECT count(DISTINCT member) AS n FROM events WHERE key = ? AND at > ?', key, now - windowMs).one().n as number;
  }

  /** Gives back the events of `keys` taken at `at` (a request refused by another subject's limit, or an attempt that did not count). */
  give(keys: string[], at: number): void {
    if (!this.#ready) return;
    for (const key of keys)
      this.#sql.exec('DELETE FROM events WHERE rowid = (SELECT rowid FROM events WHERE key = ? AND at = ? LIMIT 1)', key, at);
  }

  override async alarm(): Promise<void> {
    await this.prune(Date.now());
  }

  /**
   * Takes every event whose window has passed, and sets the alarm for the next to expire; an
   * object left with no event (and, in the local demo, no list of objects) deletes its storage.
   */
  async prune(now: number): Promise<void> {
    if (!this.#ready) return;
    this.#sql.exec('DELETE FROM events WHERE expires <= ?', now);
    const next = this.#sql.exec('SELECT min(expires) AS next FROM events').one().next as number | null;
    if (next !== null) return this.ctx.storage.setAlarm(next);
    await this.ctx.storage.deleteAlarm();
    if (!this.#sql.exec('SELECT 1 FROM objects LIMIT 1').toArray().length) await this.#forget();
  }

  /** Whether the object holds any storage, and its oldest event and alarm (what the retention tests read). */
  async kept(): Promise<{ stored: boolean; oldest: number | null; alarm: number | null }> {
    const stored = this.#sql.exec('SELECT 1 FROM sqlite_master LIMIT 1').toArray().length > 0;
    const oldest = this.#ready ? (this.#sql.exec('SELECT min(at) AS oldest FROM events').one().oldest as number | null) : null;
    return { stored, oldest, alarm: await this.ctx.storage.getAlarm() };
  }

  /** The local demo's list: remembers the objects a request named. */
  remember(names: string[]): void {
    this.#schema();
    for (const name of names) this.#sql.exec('INSERT OR IGNORE INTO objects (name) VALUES (?)', name);
  }

  /** The local demo's list, emptied as it is read. */
  takeNames(): string[] {
    if (!this.#ready) return [];
    const names = this.#sql.exec<{ name: string }>('SELECT name FROM objects').toArray();
    this.#sql.exec('DELETE FROM objects');
    return names.map((row) => row.name);
  }

  /** Forgets every event (the local demo starting over; never called in production). */
  async clear(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.#forget();
  }

  /** Deletes the object's whole storage: nothing is kept of a subject whose windows have all passed. */
  async #forget(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.#ready = false;
  }

  /** The alarm rings for the earliest expiry: a later event never puts it off. */
  async #pruneAt(expires: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > expires) await this.ctx.storage.setAlarm(expires);
  }

  /** Null when `take` has room; otherwise when room comes back: as the event that filled the window (the limit-th most recent) leaves it. */
  #room(take: Take, now: number): Extract<Decision, { allowed: false }> | null {
    const { key, limit, windowMs, member = '' } = take;
    if (!this.#ready) return null;
    const since = now - windowMs;
    const distinct = !!member;
    if (distinct) {
      const seen =
        this.#sql.exec('SELECT 1 FROM events WHERE key = ? AND at > ? AND member = ? LIMIT 1', key, since, member).toArray().length > 0;
      if (seen || this.#counted(take, now) < limit) return null;
    } else if (this.#counted(take, now) < limit) return null;
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
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((filledAt + windowMs - now) / 1000)), key };
  }
}
