import { Hono } from 'hono';
import * as z from 'zod';
import { listOutbox, setFeatureFlag } from '../origin/embedded';
import type { AppEnv } from '../server/app-env';
import { apiError, parseJson } from './api/guards';
import { notFound } from './not-found';
import { FLAG_CACHE_KEY } from './pay';

/** Developer views of the embedded origin; they exist only when no real backend is configured. */
export const devRoutes = new Hono<AppEnv>();

devRoutes.use('/_dev/*', async (c, next) => {
  if (c.get('config').originUrl) return notFound(c);
  await next();
});

devRoutes.get('/_dev/outbox', async (c) => c.json(await listOutbox(c.env.DB)));

/** Turns a demo feature flag on or off, as the backend's flag service would. */
devRoutes.put('/_dev/flags/:name', async (c) => {
  const name = c.req.param('name');
  if (name !== 'pay-wpbp-redirect') return apiError(c, 404, 'There is no such flag.');
  const body = await parseJson(c, z.object({ enabled: z.boolean() }));
  if (!body.ok) return body.response;
  await setFeatureFlag(c.env.DB, name, body.data.enabled);
  await c.env.CACHE.delete(FLAG_CACHE_KEY);
  return c.json({ name, enabled: body.data.enabled });
});
