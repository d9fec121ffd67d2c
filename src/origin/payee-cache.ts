import { IsolateMemo } from '../lib/isolate-memo';
import type { OriginResult } from './result';
import type { ClientSource } from './client';
import type { Payee } from '../domain/payee';

/** A lookup is fresh this long; after that the origin is asked again. */
export const PAYEE_FRESH_MS = 5 * 60 * 1000;
/** A fresh answer is also kept in the isolate's memory this long, so most views read no KV. */
export const PAYEE_MEMORY_MS = 60 * 1000;
/**
 * An answer past its freshness but younger than this is served at once while the origin is asked
 * again after the answer (stale-while-revalidate): a visitor never waits on the backend for a
 * payee that was looked up within the hour.
 */
export const PAYEE_STALE_MS = 60 * 60 * 1000;
/** While one isolate refreshes a payee, it serves the copy it has this long rather than asking again. */
const REFRESHING_MS = 10 * 1000;
/** The last good answer is kept this long, to answer while the origin is down. */
const LAST_GOOD_TTL_S = 7 * 24 * 60 * 60;

interface Stored {
  payee: Payee | null;
  at: number;
}

const remembered = new IsolateMemo<Stored>(1000);

/**
 * A payee lookup cached at the edge (KV) and in the isolate, served while it is refreshed once
 * past its freshness (`PAYEE_STALE_MS`). Negative answers are cached too, so unknown paths do not
 * reach the origin on every request. With `lastGood`, the last good answer stands in while the
 * origin fails.
 */
async function cachedPayee(
  kv: KVNamespace,
  key: string,
  load: () => Promise<OriginResult<Payee | null>>,
  defer: (work: Promise<unknown>) => void,
  lastGood: boolean,
): Promise<OriginResult<Payee | null>> {
  const now = Date.now();
  const inMemory = remembered.get(key, now);
  if (inMemory) return { ok: true, value: inMemory.payee };
  const stored = await kv.get<Stored>(key, 'json');
  if (stored && now - stored.at < PAYEE_FRESH_MS) {
    remembered.set(key, stored, Math.min(stored.at + PAYEE_FRESH_MS, now + PAYEE_MEMORY_MS));
    return { ok: true, value: stored.payee };
  }
  const refresh = async (): Promise<OriginResult<Payee | null>> => {
    const result = await load();
    if (result.ok) {
      const fresh: Stored = { payee: result.value, at: Date.now() };
      remembered.set(key, fresh, fresh.at + PAYEE_MEMORY_MS);
      defer(kv.put(key, JSON.stringify(fresh), { expirationTtl: LAST_GOOD_TTL_S }));
    }
    return result;
  };
  if (stored && now - stored.at < PAYEE_STALE_MS) {
    remembered.set(key, stored, now + REFRESHING_MS);
    defer(refresh());
    return { ok: true, value: stored.payee };
  }
  const result = await refresh();
  return !result.ok && stored && lastGood ? { ok: true, value: stored.payee } : result;
}

/**
 * Where a lookup is kept in KV. The version changes whenever what is kept changes meaning (v2:
 * headings are cleaned before they are kept), so no copy from before is ever shown.
 */
export const payeeCacheKey = {
  byUrl: (query: string) => `payee:v2:${query.toLowerCase()}`,
  byId: (id: string) => `payee-id:v2:${id}`,
};

/** Payee by url, billing url or id, as the pay pages and widgets look it up; `origin` is asked for the client only on a miss. */
export function cachedPayeeByUrl(kv: KVNamespace, origin: ClientSource, query: string, defer: (work: Promise<unknown>) => void) {
  return cachedPayee(kv, payeeCacheKey.byUrl(query), () => origin.client().payeeByUrl(query), defer, true);
}

/**
 * Payee by id, with its payment rules, for drawing the web payment form: no answer older than
 * `PAYEE_STALE_MS`, so while the origin fails for long the visitor is told so before typing a
 * card. The payment itself is checked against the origin's current answer, never this cache.
 */
export function cachedPayeeById(kv: KVNamespace, origin: ClientSource, id: string, defer: (work: Promise<unknown>) => void) {
  return cachedPayee(kv, payeeCacheKey.byId(id), () => origin.client().getPayee(id), defer, false);
}
