/**
 * A bounded map kept in the isolate's memory, in front of KV or the origin: an entry lives until
 * its own deadline, and past `max` entries the least recently used goes first. Each isolate
 * keeps its own, so nothing here is shared between visitors beyond what the map already holds.
 *
 * "Recently used" is kept loosely: an entry found while fewer than `max / 2` others were kept
 * after it stays where it is (a page reads several of these maps, and moving an entry costs two
 * more map operations); one found later is moved to the newest end. So an entry found at least
 * once in every `max / 2` kept after it is never the one dropped.
 */
export class IsolateMemo<V> {
  readonly #entries = new Map<string, { value: V; until: number; kept: number }>();
  /** How many times an entry was put at the newest end: an entry's `kept` is this count then. */
  #kept = 0;

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
    if (this.#kept - entry.kept >= this.max / 2) {
      this.#entries.delete(key);
      entry.kept = ++this.#kept;
      this.#entries.set(key, entry);
    }
    return entry.value;
  }

  set(key: string, value: V, until: number): void {
    if (key.length > this.longestKey) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, until, kept: ++this.#kept });
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}
