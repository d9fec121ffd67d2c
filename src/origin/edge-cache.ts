import type { IsolateMemo } from '../lib/isolate-memo';
import type { OriginResult } from './result';

/** What the edge cache keeps of an answer: the value and when the backend gave it. */
export interface Kept<T> {
  value: T;
  at: number;
}

/**
 * Whether this request may refresh a key of the cache now: KV takes one write a second per key
 * (Cloudflare, KV limits), so of all the isolates that find a copy stale at once, one asks the
 * backend and writes; the others serve the copy they have. The abuse guard keeps the count.
 */
export type Lease = (key: string) => Promise<boolean>;

export interface EdgeCacheRules {
  /** An answer this young is served as it is. */
  freshMs: number;
  /** An answer older than fresh but younger than this is served at once and refreshed after the answer (stale while revalidating). */
  staleMs: number;
  /** A fresh answer is kept in the isolate's memory this long, so most requests read no KV. */
  memoryMs: number;
  /** While this isolate refreshes a key, it serves the copy it has this long rather than asking again. */
  refreshingMs: number;
  /** KV keeps a copy this long: the last good answer, served while the backend fails when `lastGood`. */
  keepS: number;
  lastGood: boolean;
}

/**
 * An answer of the backend cached at the edge (KV) and in the isolate, stale while revalidating:
 * a visitor waits on the backend only for a key no isolate has seen for `staleMs`; a stale copy
 * is refreshed after the answer by one request a second (`lease`), however many isolates find it
 * stale at once. A failed refresh keeps the copy.
 */
export async function edgeCached<T>(
  kv: KVNamespace,
  memo: IsolateMemo<Kept<T>>,
  key: string,
  rules: EdgeCacheRules,
  load: () => Promise<OriginResult<T>>,
  defer: (work: Promise<unknown>) => void,
  lease: Lease,
): Promise<OriginResult<T>> {
  const now = Date.now();
  const inMemory = memo.get(key, now);
  // A copy this isolate serves while refreshing it is older than fresh: only rules that allow stale copies take it.
  if (inMemory && now - inMemory.at < rules.staleMs) return { ok: true, value: inMemory.value };
  const stored = await kv.get<Kept<T>>(key, 'json').catch(() => null);
  if (stored && now - stored.at < rules.freshMs) {
    memo.set(key, stored, Math.min(stored.at + rules.freshMs, now + rules.memoryMs));
    return { ok: true, value: stored.value };
  }
  // A lease the guard cannot give (its object unreachable) is no lease: the copy waits for another request.
  // Two leases a key, a second each: one to ask the backend, one to write KV.
  const mine = (what: 'ask' | 'write') => lease(`${what}:${key}`).catch(() => false);
  const remember = (value: T): Kept<T> => {
    const fresh: Kept<T> = { value, at: Date.now() };
    memo.set(key, fresh, fresh.at + rules.memoryMs);
    return fresh;
  };
  const write = (fresh: Kept<T>) => kv.put(key, JSON.stringify(fresh), { expirationTtl: rules.keepS });
  if (stored && now - stored.at < rules.staleMs) {
    memo.set(key, stored, now + rules.refreshingMs);
    // One request a second asks the backend; its answer is written under a lease of its own, as
    // the backend may have taken longer than a second.
    defer(
      mine('ask').then(async (granted) => {
        if (!granted) return;
        const result = await load();
        if (!result.ok) return;
        const fresh = remember(result.value);
        if (await mine('write')) await write(fresh);
      }),
    );
    return { ok: true, value: stored.value };
  }
  const result = await load();
  if (result.ok) {
    // The answer is the visitor's and this isolate's at once; the copy is written by one request a second.
    const fresh = remember(result.value);
    defer(mine('write').then((granted) => (granted ? write(fresh) : undefined)));
  } else if (stored && rules.lastGood) return { ok: true, value: stored.value };
  return result;
}
