import { Hono } from '../../lib/hono';
import { engineOf } from '../../domain/device';
import { MAX_VITALS_BYTES, VITALS_PATH } from '../../domain/vitals';
import { VitalsBeaconSchema } from '../../domain/vitals-schema';
import type { AppEnv } from '../../web/app-env';
import { cookieDeviceOf } from '../../web/device';
import { recordEvent } from '../../telemetry/events';
import { validJson } from '../../web/validate';
import { countReportLater } from '../guards';

/** A metric the browser did not measure, as the `vitals` event holds it. */
const NOT_MEASURED = -1;

/**
 * The Web Vitals beacon of a page with islands (`client/vitals.ts`): this shape and size only,
 * answered with 204; then, within its device's and its address's limits, one `vitals` event whose
 * device class, country and data centre come from the request, never from the page.
 */
export const vitalsRoutes = new Hono<AppEnv>();

vitalsRoutes.post(VITALS_PATH, ...validJson(VitalsBeaconSchema, MAX_VITALS_BYTES), async (c) => {
  const { route, metrics } = c.req.valid('json');
  const device = await cookieDeviceOf(c);
  const client = c.get('client');
  // Without a device cookie, the address holds the sender to one device's share: a sender cannot escape its device's limit by dropping the cookie.
  const limits = [
    { policy: 'vitalsPerClient' as const, subject: client },
    device ? { policy: 'vitalsPerDevice' as const, subject: device } : { policy: 'vitalsWithoutDevicePerClient' as const, subject: client },
  ];
  const cf = c.req.raw.cf as { country?: string; colo?: string } | undefined;
  const measured = (name: keyof typeof metrics) => metrics[name]?.value ?? NOT_MEASURED;
  const first = Object.values(metrics)[0];
  const refused = countReportLater(c, limits, 'Too many reports.', () =>
    recordEvent(c, 'vitals', {
      route,
      device: c.get('device'),
      country: /^[A-Z0-9]{2}$/.test(cf?.country ?? '') ? cf!.country! : '',
      colo: /^[A-Z]{3}$/.test(cf?.colo ?? '') ? cf!.colo! : '',
      navigation: first?.navigationType ?? '',
      browser: engineOf(c.req.header('User-Agent') ?? ''),
      lcp: measured('LCP'),
      inp: measured('INP'),
      cls: measured('CLS'),
      ttfb: measured('TTFB'),
      fcp: measured('FCP'),
    }),
  );
  return refused ?? c.body(null, 204);
});
