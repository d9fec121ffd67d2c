import type { FlagState } from '../domain/payee-resolution';
import type { ClientSource } from './client';

/** The flag that sends phones to web pay (pay-pages spec §2). */
export const REDIRECT_FLAG = 'pay-wpbp-redirect';
export const FLAG_CACHE_KEY = `flag:${REDIRECT_FLAG}`;
const FLAG_FRESH_S = 60;

/** The redirect flag, remembered at the edge for a minute; a failed check is not remembered. */
export async function redirectFlag(kv: KVNamespace, origin: ClientSource, defer: (work: Promise<unknown>) => void): Promise<FlagState> {
  const cached = await kv.get(FLAG_CACHE_KEY);
  if (cached === 'on' || cached === 'off') return cached;
  const result = await origin.client().featureEnabled(REDIRECT_FLAG);
  if (!result.ok) return 'failed';
  const state: FlagState = result.value ? 'on' : 'off';
  defer(kv.put(FLAG_CACHE_KEY, state, { expirationTtl: FLAG_FRESH_S }));
  return state;
}
