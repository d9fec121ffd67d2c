import { Hono } from '../lib/hono';
import { NO_STORE, TRANSPORT_HEADERS } from '../security/headers';
import type { AppEnv } from '../web/app-env';
import { VERSION_KEY_HEADER } from '../security/version-key';

/**
 * `/healthz` for uptime checks: a fixed answer before any per-request work, so it also shows the
 * least this Worker can do per request (the benchmark's baseline).
 */
export const healthRoutes = new Hono<AppEnv>();

const HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE, ...TRANSPORT_HEADERS };

/**
 * `ok` and the version serving (`[version_metadata]`), so a check can tell which version answered;
 * then `version key` when the request came with one (the zone's version-affinity rule reaches the
 * Worker: the release checks it), never the key itself.
 */
healthRoutes.get(
  '/healthz',
  (c) =>
    new Response(`ok ${c.env.VERSION?.id || 'local'}\n${c.req.header(VERSION_KEY_HEADER) ? 'version key\n' : ''}`, { headers: HEADERS }),
);
