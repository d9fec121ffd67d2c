import { Hono } from '../lib/hono';
import * as z from 'zod/mini';
import { REDIRECT_FLAG } from '../origin/feature-flags';
import { calls } from '../origin/calls';
import type { Context } from 'hono';
import type { AppEnv } from '../web/app-env';
import { recentEvents } from '../telemetry/events';
import { apiError, validJson } from '../web/validate';
import { notFound } from './not-found';
import { forgetReportLimits } from './guards';
import { renderPage } from '../web/render';

declare const EMBEDDED_ORIGIN: boolean;

/** The contract's call names, as events and `/_dev/faults` name them. */
const callNames = (): readonly string[] => Object.values(calls).map((spec) => spec.name);

/** Each indicator a minute at a time over the last hour, drawn (uPlot) from the events this isolate recorded. */
async function chartsPage(c: Context<AppEnv>): Promise<Response> {
  // The local demo's page, in the builds that may run without a backend only (src/origin/index.ts).
  const charts = EMBEDDED_ORIGIN ? await import('../pages/dev-charts') : null;
  if (!charts) return notFound(c);
  return renderPage(c, <charts.DevChartsPage events={recentEvents()} />);
}

/** Starts the demo over: every demo token, code and bill as it was seeded, and no limit reached. */
async function startOver(c: Context<AppEnv>): Promise<Response> {
  const reset = await c.get('origin').resetDemo();
  if (reset) {
    await c.get('guard').forgetAll();
    // What this isolate remembers of the reports' limits goes with the counters.
    forgetReportLimits();
  }
  return c.json({ reset });
}

/** What the demo holds: the texts and emails sent, the payments, and the events recorded (Analytics Engine records nothing locally). */
function views(routes: Hono<AppEnv>): void {
  routes.get('/_dev/outbox', async (c) => c.json(await c.get('origin').outbox()));
  routes.get('/_dev/payments', async (c) => c.json(await c.get('origin').payments()));
  routes.get('/_dev/metrics', (c) => c.json(recentEvents()));
  routes.get('/_dev/charts', chartsPage);
  routes.post('/_dev/reset', startOver);
}

/**
 * Drills: a demo feature flag turned on or off, as the backend's flag service would; a contract call
 * of the embedded origin made to fail (503), stall until the client's timeout, or work again
 * (`{"mode": "fail" | "slow" | "off"}`). `/_dev/reset` turns every fault off.
 */
function switches(routes: Hono<AppEnv>): void {
  routes.put(
    '/_dev/flags/:name',
    async (c, next) => (c.req.param('name') === REDIRECT_FLAG ? next() : apiError(c, 404, 'There is no such flag.')),
    ...validJson(z.object({ enabled: z.boolean() })),
    async (c) => {
      const { enabled } = c.req.valid('json');
      await c.get('origin').setFlag(REDIRECT_FLAG, enabled);
      return c.json({ name: REDIRECT_FLAG, enabled });
    },
  );
  routes.put(
    '/_dev/faults/:call',
    async (c, next) =>
      callNames().includes(c.req.param('call'))
        ? next()
        : apiError(c, 404, 'There is no such contract call.', { call: `One of: ${callNames().join(', ')}.` }),
    ...validJson(z.object({ mode: z.enum(['fail', 'slow', 'off']) })),
    async (c) => {
      const [call, { mode }] = [c.req.param('call'), c.req.valid('json')];
      await c.get('origin').setFault(call, mode);
      return c.json({ call, mode });
    },
  );
}

/**
 * Developer views of the embedded origin; they exist only when no real backend is configured, and
 * only in builds with the embedded origin (a function, so that production's bundle leaves them out).
 */
export function devRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('/_dev/*', async (c, next) => (c.get('config').originUrl ? notFound(c) : next()));
  views(routes);
  switches(routes);
  return routes;
}
