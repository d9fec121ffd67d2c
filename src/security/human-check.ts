import type { SiteConfig } from '../settings/config';

/** Cloudflare Turnstile's server-side check; its URL is a setting, so tests can use a stand-in. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

export type HumanCheck = { ok: true } | { ok: false; reason: 'missing' | 'rejected' | 'unavailable' };

/**
 * The two widgets: the site's, drawn with every form that sends a text, changes a password or
 * pays; and the interactive one (managed mode: Cloudflare may ask the visitor to tick a box), which
 * a payment asks for where an address's or a payee's count runs high. Each has its own secret, so
 * a token of one never passes as the other's.
 */
export type Widget = 'site' | 'interactive';

/**
 * Verifies a Turnstile token before an SMS send, a password reset or a payment. With
 * HUMAN_CHECK=off (local demo and tests) there is nothing to verify.
 */
export async function verifyHuman(
  config: SiteConfig,
  token: string | undefined,
  remoteIp: string | undefined,
  widget: Widget = 'site',
  /** Told how long siteverify took, when it was asked. */
  waited: (ms: number) => void = () => undefined,
): Promise<HumanCheck> {
  if (config.humanCheck === 'off') return { ok: true };
  const secret = widget === 'site' ? config.turnstileSecret : config.turnstileInteractiveSecret;
  if (!token) return { ok: false, reason: 'missing' };
  if (!secret) return { ok: false, reason: 'unavailable' };
  const form = new FormData();
  form.append('secret', secret);
  form.append('response', token);
  if (remoteIp) form.append('remoteip', remoteIp);
  const started = performance.now();
  try {
    const res = await fetch(config.turnstileVerifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { success?: unknown };
    return body.success === true ? { ok: true } : { ok: false, reason: 'rejected' };
  } catch {
    return { ok: false, reason: 'unavailable' };
  } finally {
    waited(performance.now() - started);
  }
}
