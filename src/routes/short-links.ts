import { Hono, type Context } from 'hono';
import { ShortenSchema } from '../domain/api-schemas';
import { originsOf, safeRedirectTarget } from '../security/redirect-targets';
import type { AppEnv } from '../server/app-env';
import { apiError, parseJson } from './api/guards';
import { notFound } from './not-found';

/** Short links for SMS (`/s/<key>`): unguessable keys in KV, valid 30 days, to allowed targets only. */
export const shortLinkRoutes = new Hono<AppEnv>();

export const SHORT_LINK_TTL_S = 30 * 24 * 60 * 60;
const KEY_LENGTH = 10;
const KEY_SHAPE = /^[A-Za-z0-9]{10}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

interface StoredLink {
  url: string;
  expiresAt: number;
}

function newKey(): string {
  // 62 symbols drawn without modulo bias: bytes 248..255 are redrawn.
  const out: string[] = [];
  while (out.length < KEY_LENGTH) {
    const bytes = crypto.getRandomValues(new Uint8Array(KEY_LENGTH * 2));
    for (const b of bytes) if (b < 248 && out.length < KEY_LENGTH) out.push(ALPHABET[b % 62]!);
  }
  return out.join('');
}

function policy(c: Context<AppEnv>) {
  const config = c.get('config');
  return {
    siteOrigin: config.publicUrl || new URL(c.req.url).origin,
    allowedOrigins: originsOf([config.webPayUrl, config.appStoreUrl, config.playStoreUrl]),
  };
}

shortLinkRoutes.post('/api/shorten_url.php', async (c) => {
  if (c.req.query('action') !== 'shorten_url') return apiError(c, 400, 'Unknown action.', { action: 'Expected shorten_url.' });
  const body = await parseJson(c, ShortenSchema);
  if (!body.ok) return body.response;
  const target = safeRedirectTarget(body.data.url, policy(c));
  if (!target) return apiError(c, 400, 'That link cannot be shortened.', { url: 'Only links to this site, the app stores and web pay can be shortened.' });
  const key = newKey();
  const stored: StoredLink = { url: target, expiresAt: Date.now() + SHORT_LINK_TTL_S * 1000 };
  await c.env.LINKS.put(`s:${key}`, JSON.stringify(stored), { expirationTtl: SHORT_LINK_TTL_S });
  return c.json({ key }, 200, { 'Cache-Control': 'no-store' });
});

shortLinkRoutes.get('/s/:key', async (c) => {
  const key = c.req.param('key');
  if (!KEY_SHAPE.test(key)) return notFound(c);
  const stored = await c.env.LINKS.get<StoredLink>(`s:${key}`, 'json');
  if (!stored || stored.expiresAt <= Date.now()) return notFound(c);
  // Checked again on the way out, in case the configured hosts changed since it was stored.
  const target = safeRedirectTarget(stored.url, policy(c));
  if (!target) return notFound(c);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(target, 302);
});
