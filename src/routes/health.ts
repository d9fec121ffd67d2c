import { Hono } from '../lib/hono';
import { NO_STORE, TRANSPORT_HEADERS } from '../security/headers';
import type { AppEnv } from '../web/app-env';

/**
 * `/healthz` for uptime checks: a fixed answer before any per-request work, so it also shows the
 * least this Worker can do per request (the benchmark's baseline).
 */
export const healthRoutes = new Hono<AppEnv>();

const HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE, ...TRANSPORT_HEADERS };

/** `ok` and the version serving (`[version_metadata]`), so a check can tell which version answered. */
healthRoutes.get('/healthz', (c) => new Response(`ok ${c.env.VERSION?.id || 'local'}\n`, { headers: HEADERS }));
