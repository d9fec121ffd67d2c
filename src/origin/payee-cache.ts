import type { Origin, OriginResult } from '.';
import type { Payee } from './schemas';

/** A lookup is fresh this long; after that the origin is asked again. */
export const PAYEE_FRESH_MS = 5 * 60 * 1000;
/** The last good answer is kept this long, to answer while the origin is down. */
const LAST_GOOD_TTL_S = 7 * 24 * 60 * 60;

interface Stored {
  payee: Payee | null;
  at: number;
}

/**
 * Payee lookup by url, billing url or id, cached at the edge. Negative answers are cached too,
 * so unknown paths do not reach the origin on every request.
 */
export async function cachedPayeeByUrl(
  kv: KVNamespace,
  origin: Origin,
  query: string,
  defer: (work: Promise<unknown>) => void,
): Promise<OriginResult<Payee | null>> {
  const key = `payee:${query.toLowerCase()}`;
  const stored = await kv.get<Stored>(key, 'json');
  if (stored && Date.now() - stored.at < PAYEE_FRESH_MS) return { ok: true, value: stored.payee };
  const result = await origin.payeeByUrl(query);
  if (result.ok) {
    defer(kv.put(key, JSON.stringify({ payee: result.value, at: Date.now() } satisfies Stored), { expirationTtl: LAST_GOOD_TTL_S }));
    return result;
  }
  return stored ? { ok: true, value: stored.payee } : result;
}
