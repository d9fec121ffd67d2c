import type { FlagState } from '../domain/payee-resolution';
import { IsolateMemo } from '../lib/isolate-memo';
import type { ClientSource } from './client';

/** The flag that sends phones to web pay (pay-pages spec §2). */
export const REDIRECT_FLAG = 'pay-wpbp-redirect';
export const FLAG_CACHE_KEY = `flag:${REDIRECT_FLAG}`;
const FLAG_FRESH_S = 60;

/** The flag as this isolate last read it, for the same minute as KV keeps it: most views read nothing. */
const remembered = new IsolateMemo<'on' | 'off'>(1);

/** The redirect flag, remembered in the isolate and at the edge for a minute; a failed check is not remembered. */
export async function redirectFlag(kv: KVNamespace, origin: ClientSource, defer: (work: Promise<unknown>) => void): Promise<FlagState> {
  const now = Date.now();
  const inMemory = remembered.get(FLAG_CACHE_KEY, now);
  if (inMemory) return inMemory;
  const cached = await kv.get(FLAG_CACHE_KEY, { cacheTtl: FLAG_FRESH_S });
  if (cached === 'on' || cached === 'off') {
    remembered.set(FLAG_CACHE_KEY, cached, now + FLAG_FRESH_S * 1000);
    return cached;
  }
  const result = await origin.client().featureEnabled(REDIRECT_FLAG);
  if (!result.ok) return 'failed';
  const state: FlagState = result.value ? 'on' : 'off';
  remembered.set(FLAG_CACHE_KEY, state, now + FLAG_FRESH_S * 1000);
  defer(kv.put(FLAG_CACHE_KEY, state, { expirationTtl: FLAG_FRESH_S }));
  return state;
}

/** Forgets the flag this isolate remembers, when the local demo switches it (KV's copy is deleted beside it). */
export function forgetRedirectFlag(): void {
  remembered.delete(FLAG_CACHE_KEY);
}
