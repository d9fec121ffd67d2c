import type { FlagState } from '../domain/payee-resolution';
import { IsolateMemo } from '../lib/isolate-memo';
import type { ClientSource } from './client';
import { edgeCached, type Kept, type Lease } from './edge-cache';

/** The flag that sends phones to web pay (pay-pages spec §2). */
export const REDIRECT_FLAG = 'pay-wpbp-redirect';
/** Where KV keeps it (v2: as `{ value, at }`, served stale while it is refreshed). */
export const FLAG_CACHE_KEY = `flag:v2:${REDIRECT_FLAG}`;

/**
 * The flag is fresh a minute, in KV and in the isolate; a copy up to a day old is served at once
 * while one request a second refreshes it (a text blast's first minute writes it once a second at
 * most, not once per isolate), and stands in while the backend fails.
 */
const FLAG_RULES = {
  freshMs: 60 * 1000,
  staleMs: 24 * 60 * 60 * 1000,
  memoryMs: 60 * 1000,
  refreshingMs: 10 * 1000,
  keepS: 7 * 24 * 60 * 60,
  lastGood: true,
} as const;

/** The flag as this isolate last read it. */
const remembered = new IsolateMemo<Kept<'on' | 'off'>>(1);

/** The redirect flag, cached at the edge (`edgeCached`); `failed` when the backend fails and no copy stands in. */
export async function redirectFlag(
  kv: KVNamespace,
  origin: ClientSource,
  defer: (work: Promise<unknown>) => void,
  lease: Lease,
): Promise<FlagState> {
  const load = async () => {
    const result = await origin.client().featureEnabled(REDIRECT_FLAG);
    return result.ok ? { ok: true as const, value: result.value ? ('on' as const) : ('off' as const) } : result;
  };
  const state = await edgeCached(kv, remembered, FLAG_CACHE_KEY, FLAG_RULES, load, defer, lease);
  return state.ok ? state.value : 'failed';
}

/** Forgets the flag this isolate remembers, when the local demo switches it (KV's copy is deleted beside it). */
export function forgetRedirectFlag(): void {
  remembered.delete(FLAG_CACHE_KEY);
}
