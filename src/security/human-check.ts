import type { SiteConfig } from '../domain/config';

/** Cloudflare Turnstile's server-side check; the URL is configurable so tests can use a stand-in. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
export const TURNSTILE_VERIFY_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`;

export type HumanCheck = { ok: true } | { ok: false; reason: 'missing' | 'rejected' | 'unavailable' };

/**
 * Verifies a Turnstile token before an SMS send, a password reset or a payment. With
 * HUMAN_CHECK=off (local demo and tests) there is nothing to verify.
 */
export async function verifyHuman(
  config: SiteConfig,
  secret: string | undefined,
  token: string | undefined,
  remoteIp: string | undefined,
  verifyUrl = TURNSTILE_VERIFY_URL,
): Promise<HumanCheck> {
  if (config.humanCheck === 'off') return { ok: true };
  if (!token) return { ok: false, reason: 'missing' };
  if (!secret) return { ok: false, reason: 'unavailable' };
  const form = new FormData();
  form.append('secret', secret);
  form.append('response', token);
  if (remoteIp) form.append('remoteip', remoteIp);
  try {
    const res = await fetch(verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { success?: unknown };
    return body.success === true ? { ok: true } : { ok: false, reason: 'rejected' };
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
}
