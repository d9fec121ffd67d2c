import { Hono } from '../../lib/hono';
import { engineOf } from '../../domain/device';
import { BrowserErrorReportSchema } from '../../domain/error-report-schema';
import { ERROR_REPORT_PATH, reportSampleOf, scrubReport } from '../../domain/error-reports';
import type { AppEnv } from '../../web/app-env';
import { recordEvent } from '../../telemetry/events';
import { logBrowserError } from '../../telemetry/log';
import { validJson } from '../../web/validate';
import { countReportLater } from '../guards';

/**
 * Reports of uncaught errors from pages with islands (`client/error-reports.ts`): this shape and
 * size only, scrubbed again, answered with 204; then, within the client's limit, an event and a log line.
 */
export const browserErrorRoutes = new Hono<AppEnv>();

browserErrorRoutes.post(ERROR_REPORT_PATH, ...validJson(BrowserErrorReportSchema), async (c) => {
  const report = scrubReport(c.req.valid('json'));
  const browser = `${engineOf(c.req.header('User-Agent') ?? '')}/${c.get('device')}`;
  const refused = countReportLater(c, [{ policy: 'browserReportsPerClient', subject: c.get('client') }], 'Too many error reports.', () => {
    recordEvent(c, 'browserError', {
      route: report.page,
      kind: report.kind,
      message: report.message,
      source: report.source,
      browser,
      clientVersion: report.version,
      line: report.line,
      column: report.column,
      stands: 1 / reportSampleOf(c.get('config').production),
    });
    logBrowserError(c.get('requestId'), { ...report, browser });
  });
  return refused ?? c.body(null, 204);
});
