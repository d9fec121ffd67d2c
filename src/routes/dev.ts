import { Hono } from 'hono';
import { listOutbox } from '../origin/embedded';
import type { AppEnv } from '../server/app-env';
import { notFound } from './not-found';

/** Developer views of the embedded origin; they exist only when no real backend is configured. */
export const devRoutes = new Hono<AppEnv>();

devRoutes.get('/_dev/outbox', async (c) => {
  if (c.get('config').originUrl) return notFound(c);
  return c.json(await listOutbox(c.env.DB));
});
