import { Hono } from '../lib/hono';
import { ShortenSchema } from '../domain/api-schemas';
import type { AppEnv } from '../web/app-env';
import { createShortLink, followShortLink } from '../security/short-links';
import { redirectPolicy, safeRedirectTarget } from '../security/redirect-targets';
import { apiError, validJson } from '../web/validate';
import { notFound } from './not-found';
import { tooMany } from '../web/guard-answers';
import { respond } from '../web/answer';
import { tooManyShortLinks } from '../domain/limits';
import { wordsOf } from '../web/words';

/** Short links for SMS (`/s/<key>`): unguessable keys in KV, valid 30 days, to allowed targets only. */
export const shortLinkRoutes = new Hono<AppEnv>();

shortLinkRoutes.post(
  '/api/shorten_url.php',
  async (c, next) =>
    c.req.query('action') === 'shorten_url' ? next() : apiError(c, 400, 'Unknown action.', { action: 'Expected shorten_url.' }),
  ...validJson(ShortenSchema),
  async (c) => {
    const policy = redirectPolicy(c.get('config'), c.req.url);
    const { url } = c.req.valid('json');
    if (!safeRedirectTarget(url, policy))
      return apiError(c, 400, 'That link cannot be shortened.', {
        url: 'Only links to this site, the app stores and web pay can be shortened.',
      });
    // Each link is kept 30 days: a client may make a few, never fill the store.
    const limited = await c.get('guard').take({ policy: 'shortLinksPerClient', subject: c.get('client') });
    if (!limited.allowed) return respond(c, tooMany(c, limited, tooManyShortLinks(limited.retryAfterSeconds, wordsOf(c).limits)));
    return c.json({ key: await createShortLink(c.env.LINKS, policy, url) });
  },
);

shortLinkRoutes.get('/s/:key', async (c) => {
  // The target is checked again on the way out, in case the allowed hosts changed since.
  const target = await followShortLink(c.env.LINKS, redirectPolicy(c.get('config'), c.req.url), c.req.param('key'));
  if (!target) return notFound(c);
  return new Response(null, { status: 302, headers: { Location: target, 'Referrer-Policy': 'no-referrer' } });
});
