import { IsolateMemo } from '../lib/isolate-memo';
import type { OriginResult } from './result';
import type { ClientSource } from './client';
import type { Payee } from '../domain/payee';
import { edgeCached, type Kept, type Lease } from './edge-cache';

/** A lookup is fresh this long; after that the origin is asked again. */
export const PAYEE_FRESH_MS = 5 * 60 * 1000;

/**
 * Payees at the edge: fresh five minutes, kept a minute in the isolate; a copy past its freshness
 * but younger than an hour is served at once while the origin is asked again after the answer,
 * so a visitor never waits on the backend for a payee looked up within the hour; the last good
 * answer is kept a week, to answer while the origin is down (by url only: see `cachedPayeeById`).
 */
const PAYEE_RULES = {
  freshMs: PAYEE_FRESH_MS,
  staleMs: 60 * 60 * 1000,
  memoryMs: 60 * 1000,
  refreshingMs: 10 * 1000,
  keepS: 7 * 24 * 60 * 60,
} as const;

const remembered = new IsolateMemo<Kept<Payee | null>>(1000);

/** A payee lookup cached at the edge and in the isolate (`edgeCached`); negative answers too, so unknown paths do not reach the origin on every request. */
function cachedPayee(
  kv: KVNamespace,
  key: string,
  load: () => Promise<OriginResult<Payee | null>>,
  defer: (work: Promise<unknown>) => void,
  lease: Lease,
  lastGood: boolean,
): Promise<OriginResult<Payee | null>> {
  return edgeCached(kv, remembered, key, { ...PAYEE_RULES, lastGood }, load, defer, lease);
}

/**
 * Where a lookup is kept in KV. The version changes whenever what is kept changes meaning (v2:
 * headings are cleaned before they are kept; v3: kept as `{ value, at }`), so no copy from before is ever shown.
 */
export const payeeCacheKey = {
  byUrl: (query: string) => `payee:v3:${query.toLowerCase()}`,
  byId: (id: string) => `payee-id:v3:${id}`,
};

/** Payee by url, billing url or id, as the pay pages and widgets look it up; `origin` is asked for the client only on a miss. */
export function cachedPayeeByUrl(
  kv: KVNamespace,
  origin: ClientSource,
  query: string,
  defer: (work: Promise<unknown>) => void,
  lease: Lease,
) {
  return cachedPayee(kv, payeeCacheKey.byUrl(query), () => origin.client().payeeByUrl(query), defer, lease, true);
}

/**
 * Payee by id, with its payment rules, for drawing the web payment form: no answer older than an
 * hour, so while the origin fails for long the visitor is told so before typing a card. A payment
 * is checked against a copy no older than fresh (`fresh`): a stale one waits for the backend's answer.
 */
export function cachedPayeeById(
  kv: KVNamespace,
  origin: ClientSource,
  id: string,
  defer: (work: Promise<unknown>) => void,
  lease: Lease,
  { fresh = false } = {},
) {
  return edgeCached(
    kv,
    remembered,
    payeeCacheKey.byId(id),
    { ...PAYEE_RULES, ...(fresh && { staleMs: PAYEE_FRESH_MS }), lastGood: false },
    () => origin.client().getPayee(id),
    defer,
    lease,
  );
}
