/**
 * A bounded map kept in the isolate's memory, in front of KV or the origin: an entry lives until
 * its own deadline, and past `max` entries the least recently used goes first (a plain LRU: a
 * Map's order is its age, and an entry found moves to the newest end). Each isolate keeps its own,
 * so nothing here is shared between visitors beyond what the map already holds.
 */
export class IsolateMemo<V> {
  readonly #entries = new Map<string, { value: V; until: number }>();

  /** `longestKey`: a longer key is never kept (a `get` finds nothing, a `set` keeps nothing). */
  constructor(
    private readonly max: number,
    private readonly longestKey = Infinity,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, until: number): void {
    if (key.length > this.longestKey) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, until });
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
  }

  /** Forgets every entry (the local demo starting over). */
  clear(): void {
    this.#entries.clear();
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}
