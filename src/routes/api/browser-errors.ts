import { Hono } from '../../lib/hono';
import { engineOf } from '../../domain/device';
import { BrowserErrorReportSchema } from '../../domain/error-report-schema';
import { ERROR_REPORT_PATH, scrubReport } from '../../domain/error-reports';
import type { AppEnv } from '../../web/app-env';
import { recordEvent } from '../../telemetry/events';
import { logBrowserError } from '../../telemetry/log';
import { validJson } from '../../web/validate';
import { tooMany } from '../guards';

/**
 * Reports of uncaught errors from pages with islands (`client/error-reports.ts`): this shape and
 * size only, limited per client, scrubbed again, then an event and a log line. Answered with 204.
 */
export const browserErrorRoutes = new Hono<AppEnv>();

browserErrorRoutes.post(ERROR_REPORT_PATH, ...validJson(BrowserErrorReportSchema), async (c) => {
  const decision = await c.get('guard').take({ policy: 'browserReportsPerClient', subject: c.get('client') });
  if (!decision.allowed) return tooMany(c, decision, 'Too many error reports.');
  const report = scrubReport(c.req.valid('json'));
  const browser = `${engineOf(c.req.header('User-Agent') ?? '')}/${c.get('device')}`;
  recordEvent(c, 'browserError', {
    route: report.page,
    kind: report.kind,
    message: report.message,
    source: report.source,
    browser,
    clientVersion: report.version,
    line: report.line,
    column: report.column,
  });
  logBrowserError(c.get('requestId'), { ...report, browser });
  return c.body(null, 204);
});
