import { Hono } from '../lib/hono';
import * as z from 'zod/mini';
import { REDIRECT_FLAG } from '../origin/feature-flags';
import { calls } from '../origin/calls';
import type { AppEnv } from '../web/app-env';
import { recentEvents } from '../telemetry/events';
import { apiError, validJson } from '../web/validate';
import { notFound } from './not-found';
import { forgetReportLimits } from './guards';
import { renderPage } from '../web/render';

declare const EMBEDDED_ORIGIN: boolean;

/** Developer views of the embedded origin; they exist only when no real backend is configured. */
export const devRoutes = new Hono<AppEnv>();

devRoutes.use('/_dev/*', async (c, next) => {
  if (c.get('config').originUrl) return notFound(c);
  await next();
});

devRoutes.get('/_dev/outbox', async (c) => c.json(await c.get('origin').outbox()));

devRoutes.get('/_dev/payments', async (c) => c.json(await c.get('origin').payments()));

/** What the site recorded for its operators, newest first: Analytics Engine records nothing locally. */
devRoutes.get('/_dev/metrics', (c) => c.json(recentEvents()));

/** Each indicator a minute at a time over the last hour, drawn (uPlot) from the events this isolate recorded. */
devRoutes.get('/_dev/charts', async (c) => {
  // The local demo's page, in the builds that may run without a backend only (src/origin/index.ts).
  const charts = EMBEDDED_ORIGIN ? await import('../pages/dev-charts') : null;
  if (!charts) return notFound(c);
  return renderPage(c, <charts.DevChartsPage events={recentEvents()} />);
});

/** Starts the demo over: every demo token, code and bill as it was seeded, and no limit reached. */
devRoutes.post('/_dev/reset', async (c) => {
  const reset = await c.get('origin').resetDemo();
  if (reset) {
    await c.get('guard').forgetAll();
    // What this isolate remembers of the reports' limits goes with the counters.
    forgetReportLimits();
  }
  return c.json({ reset });
});

/** Turns a demo feature flag on or off, as the backend's flag service would. */
devRoutes.put(
  '/_dev/flags/:name',
  async (c, next) => (c.req.param('name') === REDIRECT_FLAG ? next() : apiError(c, 404, 'There is no such flag.')),
  ...validJson(z.object({ enabled: z.boolean() })),
  async (c) => {
    const { enabled } = c.req.valid('json');
    await c.get('origin').setFlag(REDIRECT_FLAG, enabled);
    return c.json({ name: REDIRECT_FLAG, enabled });
  },
);

/** The contract's call names, as events and `/_dev/faults` name them. */
const CALL_NAMES: readonly string[] = Object.values(calls).map((spec) => spec.name);

/**
 * A drill: makes a contract call of the embedded origin fail (503) or stall until the client's
 * timeout, or work again (`{"mode": "fail" | "slow" | "off"}`). `/_dev/reset` turns every fault off.
 */
devRoutes.put(
  '/_dev/faults/:call',
  async (c, next) =>
    CALL_NAMES.includes(c.req.param('call'))
      ? next()
      : apiError(c, 404, 'There is no such contract call.', { call: `One of: ${CALL_NAMES.join(', ')}.` }),
  ...validJson(z.object({ mode: z.enum(['fail', 'slow', 'off']) })),
  async (c) => {
    const call = c.req.param('call');
    const { mode } = c.req.valid('json');
    await c.get('origin').setFault(call, mode);
    return c.json({ call, mode });
  },
);
