import { Hono } from '../../lib/hono';
import { IsolateMemo } from '../../lib/isolate-memo';
import { siteOrigin } from '../../settings/config';
import { CSP_REPORT_PATH, CSP_REPORT_TYPES, MAX_CSP_REPORT_BYTES, readCspReports } from '../../security/csp-reports';
import type { AppEnv } from '../../web/app-env';
import { recordEvent } from '../../telemetry/events';
import { logSecurityEvent } from '../../telemetry/log';
import { apiError, mediaType, readJson } from '../../web/validate';
import { wordsOf } from '../../web/words';
import { countReportLater } from '../guards';

/**
 * Where browsers report what the Content-Security-Policy blocked (`report-to` and `report-uri`):
 * both report formats, 64 KB at most, limited per client. Reports about other documents or from
 * browser extensions are dropped; each distinct violation of this site's pages is one security
 * event, once per isolate every ten minutes. Answered with 204.
 */
export const cspReportRoutes = new Hono<AppEnv>();

const TEN_MINUTES = 10 * 60 * 1000;
const reported = new IsolateMemo<true>(1000, 1024);

cspReportRoutes.post(CSP_REPORT_PATH, async (c) => {
  const type = mediaType(c);
  if (!(CSP_REPORT_TYPES as readonly string[]).includes(type))
    return apiError(c, 415, 'Send reports as application/reports+json or application/csp-report.');
  const length = Number(c.req.header('Content-Length') ?? 0);
  if (length > MAX_CSP_REPORT_BYTES) return apiError(c, 413, wordsOf(c).api.tooLarge);
  const read = await readJson(c, MAX_CSP_REPORT_BYTES);
  if (read instanceof Response) return read;
  const violations = readCspReports(type, read.body, siteOrigin(c.get('config'), c.req.url));
  if (violations === null) return apiError(c, 400, 'The body is not a report.');
  const refused = countReportLater(c, [{ policy: 'cspReportsPerClient', subject: c.get('client') }], 'Too many reports.', () => {
    const now = Date.now();
    for (const violation of violations) {
      const key = JSON.stringify(violation);
      if (reported.get(key, now)) continue;
      reported.set(key, true, now + TEN_MINUTES);
      logSecurityEvent(c.get('requestId'), 'csp-violation', { ...violation });
      recordEvent(c, 'cspViolation', {
        page: violation.page,
        directive: violation.directive,
        blocked: violation.blocked,
        source: violation.source,
        line: violation.line,
      });
    }
  });
  return refused ?? c.body(null, 204);
});
