import type { Context } from 'hono';

export interface EmbeddedEnv {
  Bindings: { DB: D1Database; GENERIC_PAY_NAMES?: string };
}
export type EmbeddedContext = Context<EmbeddedEnv>;

export const nowIso = () => new Date().toISOString();
export const nowSec = () => Math.floor(Date.now() / 1000);

/** The JSON body of a request, or null when it is not a JSON object. */
export async function jsonBody(c: EmbeddedContext): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
