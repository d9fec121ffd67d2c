import { Hono } from 'hono';
import { MARKETING_PATHS } from '../domain/site';
import { passThrough } from '../origin/passthrough';
import type { AppEnv } from '../web/app-env';
import { unavailableResponse } from '../web/server-error';
import { notFound } from './not-found';

/** The marketing pages belong to the legacy site: passed through when it is configured, absent otherwise. */
export const marketingRoutes = new Hono<AppEnv>();

for (const path of MARKETING_PATHS) {
  marketingRoutes.all(path, async (c) => {
    const { originUrl } = c.get('config');
    if (!originUrl) return notFound(c);
    c.set('foreign', true);
    return (await passThrough(originUrl, c.req.raw)) ?? unavailableResponse();
  });
}
