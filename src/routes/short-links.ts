import { Hono } from 'hono';
import { ShortenSchema } from '../domain/api-schemas';
import type { AppEnv } from '../server/app-env';
import { createShortLink, followShortLink, redirectPolicy } from '../server/short-links';
import { apiError, parseJson } from './api/guards';
import { notFound } from './not-found';

/** Short links for SMS (`/s/<key>`): unguessable keys in KV, valid 30 days, to allowed targets only. */
export const shortLinkRoutes = new Hono<AppEnv>();

shortLinkRoutes.post('/api/shorten_url.php', async (c) => {
  if (c.req.query('action') !== 'shorten_url') return apiError(c, 400, 'Unknown action.', { action: 'Expected shorten_url.' });
  const body = await parseJson(c, ShortenSchema);
  if (!body.ok) return body.response;
  const key = await createShortLink(c.env.LINKS, redirectPolicy(c.get('config'), c.req.url), body.data.url);
  if (!key) return apiError(c, 400, 'That link cannot be shortened.', { url: 'Only links to this site, the app stores and web pay can be shortened.' });
  return c.json({ key }, 200, { 'Cache-Control': 'no-store' });
});

shortLinkRoutes.get('/s/:key', async (c) => {
  // The target is checked again on the way out, in case the allowed hosts changed since.
  const target = await followShortLink(c.env.LINKS, redirectPolicy(c.get('config'), c.req.url), c.req.param('key'));
  if (!target) return notFound(c);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(target, 302);
});
