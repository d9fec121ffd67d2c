import { randomToken } from '../domain/random';
import { safeRedirectTarget, type RedirectPolicy } from './redirect-targets';
import { IsolateMemo } from '../lib/isolate-memo';

/** The short-link store (KV): links to this site's paths and the configured hosts only, checked again when followed. */
export const SHORT_LINK_TTL_S = 30 * 24 * 60 * 60;
export const SHORT_KEY_SHAPE = /^[A-Za-z0-9]{10}$/;

export interface StoredLink {
  url: string;
  expiresAt: number;
}

/** Stores a short link to an allowed target; null when the target is not allowed. */
export async function createShortLink(kv: KVNamespace, policy: RedirectPolicy, url: string): Promise<string | null> {
  const target = safeRedirectTarget(url, policy);
  if (!target) return null;
  const key = randomToken(10);
  const stored: StoredLink = { url: target, expiresAt: Date.now() + SHORT_LINK_TTL_S * 1000 };
  await kv.put(`s:${key}`, JSON.stringify(stored), { expirationTtl: SHORT_LINK_TTL_S });
  return key;
}

/**
 * Links this isolate followed lately: a link never changes once made, and a texted link is often
 * opened several times in a row (the visitor, their phone's link preview, a second tap).
 */
const followed = new IsolateMemo<StoredLink>(2000);

/** The target of a short link, or null for an unknown, expired or no-longer-allowed key. */
export async function followShortLink(kv: KVNamespace, policy: RedirectPolicy, key: string): Promise<string | null> {
  if (!SHORT_KEY_SHAPE.test(key)) return null;
  let stored = followed.get(key) ?? null;
  if (!stored) {
    stored = await kv.get<StoredLink>(`s:${key}`, 'json');
    if (stored) followed.set(key, stored, stored.expiresAt);
  }
  if (!stored || stored.expiresAt <= Date.now()) return null;
  // Checked on every use, in case the allowed hosts changed since the link was made.
  return safeRedirectTarget(stored.url, policy);
}
