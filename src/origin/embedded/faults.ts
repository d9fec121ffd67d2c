/**
 * Faults of the embedded origin, for a drill (`PUT /_dev/faults/<call>`): a contract call made to
 * fail (503) or stall until the client's timeout, as a real backend would, so that the operators'
 * indicators can be tried locally. Kept in KV, per call, until turned off or the demo starts over.
 */
export const FAULT_MODES = ['fail', 'slow', 'off'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

const faultKey = (call: string) => `dev-fault:${call}`;

export async function setFault(kv: KVNamespace, call: string, mode: FaultMode): Promise<void> {
  if (mode === 'off') await kv.delete(faultKey(call));
  else await kv.put(faultKey(call), mode);
}

export async function clearFaults(kv: KVNamespace): Promise<void> {
  const { keys } = await kv.list({ prefix: 'dev-fault:' });
  await Promise.all(keys.map(({ name }) => kv.delete(name)));
}

/** The call's answer under its fault: a 503, or nothing until the request is given up; undefined without one. */
export async function underFault(kv: KVNamespace, call: string, signal: AbortSignal | null | undefined): Promise<Response | undefined> {
  const mode = await kv.get(faultKey(call));
  if (mode === 'fail') return Response.json({ error: 'The backend is failing (a drill).' }, { status: 503 });
  if (mode === 'slow')
    return new Promise<never>((_, reject) => {
      if (!signal) return;
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  return undefined;
}
