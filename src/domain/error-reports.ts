import { scrub } from './scrub';

/**
 * Browser error reports: what a page with islands sends when its code fails, and how every report
 * is scrubbed, in the browser before it leaves and on the server again. Shared by both.
 */

export { ERROR_REPORT_PATH, NOT_STARTED } from './report-address';

/** Spec 001 §9: "Error reporting sample rate 0.01" in production; locally every report is sent. */
export const PRODUCTION_REPORT_SAMPLE = 0.01;

/** The share of page views that send their reports: every one locally. */
export const reportSampleOf = (production: boolean): number => (production ? PRODUCTION_REPORT_SAMPLE : 1);

/** At most this many reports leave one page view. */
export const MAX_REPORTS_PER_PAGE = 3;

/** Spec 001 §8: "Error reporting ignores 'Network Error'": a weak connection is not a bug of the page. */
export const IGNORED_ERROR = /Network Error/i;

/** `start`: the islands' code could not be loaded at all (a file the page's version does not have, a lost connection). */
export const REPORT_KINDS = ['error', 'rejection', 'react', 'hydration', 'start'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_LIMITS = { message: 300, source: 200, page: 40, version: 64 } as const;

export interface BrowserErrorReport {
  kind: ReportKind;
  /** The error's message and the top of its stack, scrubbed and cut short. */
  message: string;
  /** The script's path on this site, without its query. */
  source: string;
  line: number;
  column: number;
  /** The page's name (the shell's route name), never its address. */
  page: string;
  /** The Worker version that drew the page. */
  version: string;
}

/** A script of this site's build: `/assets/<name>-<hash>.js`. */
const OWN_SCRIPT = /^\/assets\/[\w.-]{1,120}\.js$/;
/** A Worker version id (a UUID), or the local demo's. */
const VERSION = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|local)$/;

/** A report as it may be sent and recorded: every text scrubbed, every number whole. */
export function scrubReport(report: BrowserErrorReport): BrowserErrorReport {
  const whole = (n: number) => (Number.isFinite(n) && n >= 0 ? Math.min(Math.floor(n), 1e7) : 0);
  return {
    kind: report.kind,
    message: scrub(report.message, REPORT_LIMITS.message),
    // This site's own script is named as it is (its build hash tells which release); anything else is scrubbed.
    source: OWN_SCRIPT.test(report.source) ? report.source : scrub(report.source, REPORT_LIMITS.source),
    line: whole(report.line),
    column: whole(report.column),
    page: scrub(report.page, REPORT_LIMITS.page),
    // The version that drew the page: kept when it is one (a Worker version id, or the local one).
    version: VERSION.test(report.version) ? report.version : scrub(report.version, REPORT_LIMITS.version),
  };
}
