import { Hono } from '../lib/hono';
import type { AppEnv } from '../web/app-env';
import { notFound } from './not-found';

/** Files from the client build and `static/`, with cache rules: hashed bundles forever, the rest briefly. */
export const assetRoutes = new Hono<AppEnv>();

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

for (const pattern of ['/assets/*', '/images/*', '/favicon.svg', '/apple-touch-icon.png', '/robots.txt']) {
  assetRoutes.get(pattern, async (c) => {
    const res = await c.env.ASSETS.fetch(c.req.raw);
    if (res.status === 404) return notFound(c);
    const out = new Response(res.body, res);
    if (res.ok) out.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : SHORT);
    return out;
  });
}
