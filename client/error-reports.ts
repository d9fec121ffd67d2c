import { ERROR_REPORT_PATH, IGNORED_ERROR, MAX_REPORTS_PER_PAGE, scrubReport, type ReportKind } from '../src/domain/error-reports';

/**
 * Reports this page's uncaught errors to the site (`ERROR_REPORT_PATH`), scrubbed before they
 * leave: a sampled page view sends at most a few. The page's script tag says the sample, the
 * page's name and the version that drew it.
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-report-sample]');
const chosen = !!tag && Math.random() < Number(tag.dataset.reportSample);
let sent = 0;

export function reportError(kind: ReportKind, error: unknown, at?: { source?: string; line?: number; column?: number }): void {
  if (!chosen || sent >= MAX_REPORTS_PER_PAGE || !navigator.sendBeacon) return;
  const message = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  if (IGNORED_ERROR.test(message)) return;
  let source = at?.source ?? '';
  try {
    source = source && new URL(source).pathname;
  } catch {
    // Not an address: kept as it is, scrubbed below.
  }
  sent++;
  const report = scrubReport({
    kind,
    message,
    source,
    line: at?.line ?? 0,
    column: at?.column ?? 0,
    page: tag!.dataset.page ?? '',
    version: tag!.dataset.version ?? '',
  });
  navigator.sendBeacon(ERROR_REPORT_PATH, new Blob([JSON.stringify(report)], { type: 'application/json' }));
}

window.addEventListener('error', (e: ErrorEvent) =>
  reportError('error', e.error ?? e.message, { source: e.filename, line: e.lineno, column: e.colno }),
);
window.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => reportError('rejection', e.reason));
