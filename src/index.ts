import { Hono } from './lib/hono';
import { accountRoutes } from './routes/account';
import { getPaidRoutes } from './routes/get-paid';
import { infoRequestRoutes } from './routes/info-request';
import { apiRoutes } from './routes/api';
import { assetRoutes } from './routes/assets';
import { devRoutes } from './routes/dev';
import { notFound } from './routes/not-found';
import { healthRoutes } from './routes/health';
import { infoRoutes } from './routes/info';
import { landingRoutes } from './routes/landing';
import { legalRoutes } from './routes/legal';
import { foreignRoutes } from './routes/foreign';
import { payRoutes, unclaimedPath } from './routes/pay';
import { readinessRoutes } from './routes/readiness';
import { receiptRoutes } from './routes/receipt';
import { webPaymentRoutes } from './routes/web-payment';
import { shortLinkRoutes } from './routes/short-links';
import { widgetRoutes } from './routes/widgets';
import type { AppEnv } from './web/app-env';
import { logError } from './telemetry/log';
import { noteVersion } from './telemetry/events';
import { watchPaymentPages } from './scheduled/page-watch';
import { canonicalPath, chooseLanguage, refuseCrossSite, requestContext } from './web/middleware';
import { serverErrorResponse } from './web/server-error';

/** True in builds that may run without a backend (wrangler.toml `[define]`). */
declare const EMBEDDED_ORIGIN: boolean;

const app = new Hono<AppEnv>();

app.route('/', healthRoutes);
app.use('*', requestContext);
app.use('*', chooseLanguage);
app.use('*', refuseCrossSite);
app.on(['GET', 'HEAD'], '*', canonicalPath);
app.route('/', readinessRoutes);
app.route('/', assetRoutes);
app.route('/', legalRoutes);
app.route('/', landingRoutes);
app.route('/', infoRoutes);
app.route('/', foreignRoutes);
if (EMBEDDED_ORIGIN) app.route('/', devRoutes());
// Elsewhere their addresses are no payee's: a plain 404, never a payee lookup.
else app.all('/_dev/*', notFound);
app.route('/', widgetRoutes);
app.route('/', receiptRoutes);
app.route('/', accountRoutes);
app.route('/', infoRequestRoutes);
app.route('/', getPaidRoutes);
app.route('/', webPaymentRoutes);
app.route('/', shortLinkRoutes);
app.route('/', apiRoutes);
app.route('/', payRoutes);
// Single path segments are tried as provider codes.
app.notFound(unclaimedPath);
app.onError((error, c) => {
  logError(c.get('requestId') ?? 'unknown', 'unhandled', error);
  return serverErrorResponse(c.get('language'));
});

/**
 * Requests go to the Hono app; the scheduled run (wrangler.toml `[triggers]`, hourly) checks the
 * payment pages against the approved manifest (`src/scheduled/page-watch.ts`). The guard's
 * counters and the payment claims forget what they keep with Durable Object alarms.
 */
export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    noteVersion(env);
    ctx.waitUntil(watchPaymentPages(env));
  },
} satisfies ExportedHandler<Env>;
export { AbuseCounter } from './security/guard-object';
export { PaymentClaim } from './security/payment-claim';
