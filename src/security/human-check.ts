import type { SiteConfig } from '../settings/config';

/** Cloudflare Turnstile's server-side check; its URL is a setting, so tests can use a stand-in. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

export type HumanCheck = { ok: true } | { ok: false; reason: 'missing' | 'rejected' | 'unavailable' };

/**
 * Verifies a Turnstile token before an SMS send, a password reset or a payment. With
 * HUMAN_CHECK=off (local demo and tests) there is nothing to verify.
 */
export async function verifyHuman(config: SiteConfig, token: string | undefined, remoteIp: string | undefined): Promise<HumanCheck> {
  if (config.humanCheck === 'off') return { ok: true };
  const secret = config.turnstileSecret;
  if (!token) return { ok: false, reason: 'missing' };
  if (!secret) return { ok: false, reason: 'unavailable' };
  const form = new FormData();
  form.append('secret', secret);
  form.append('response', token);
  if (remoteIp) form.append('remoteip', remoteIp);
  try {
    const res = await fetch(config.turnstileVerifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { success?: unknown };
    return body.success === true ? { ok: true } : { ok: false, reason: 'rejected' };
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
}
