import { readConfig } from '../domain/config';
import { createClient, type Origin, type Transport } from './client';
import { embeddedOrigin } from './embedded';
import type { CallOutcome } from './result';

export type { Origin } from './client';
export type { OriginResult, OriginFailure, CallOutcome } from './result';

/** The spec's timeout for every backend call. */
export const ORIGIN_TIMEOUT_MS = 60_000;
const EMBEDDED_BASE = 'http://embedded-origin.internal';

/**
 * The one door to the backend: real HTTP when ORIGIN_URL is set, the embedded origin on D1
 * otherwise. `ORIGIN_TIMEOUT_MS` (a var) shortens the timeout for tests.
 */
export function createOrigin(env: Env, onOutcome?: (outcome: CallOutcome) => void): Origin {
  const { originUrl } = readConfig(env);
  const configured = Number((env as unknown as Record<string, unknown>).ORIGIN_TIMEOUT_MS);
  const timeoutMs = Number.isFinite(configured) && configured > 0 ? configured : ORIGIN_TIMEOUT_MS;
  const transport: Transport = originUrl ? (url, init) => fetch(url, init) : async (url, init) => embeddedOrigin.fetch(new Request(url, init), env);
  return createClient({ baseUrl: originUrl || EMBEDDED_BASE, transport, timeoutMs, onOutcome });
}

/** The backend for one request, made on first use: most requests never call it. */
export function originForRequest(env: Env, onOutcome: (outcome: CallOutcome) => void): Origin {
  let client: Origin | undefined;
  return new Proxy({} as Origin, {
    get: (_target, name) => (client ??= createOrigin(env, onOutcome))[name as keyof Origin],
  });
}
