import * as z from 'zod/mini';
import { NOT_STARTED, REPORT_KINDS, REPORT_LIMITS, type BrowserErrorReport } from './error-reports';

const page = () => z.string().check(z.maxLength(REPORT_LIMITS.page), z.regex(/^[A-Za-z0-9-]*$/));
const version = () => z.string().check(z.maxLength(REPORT_LIMITS.version));

/**
 * A browser error report as the endpoint takes it: this shape and these sizes only. The boot
 * script's `start` report says its kind, page and version alone, and is read in the site's own words.
 */
export const BrowserErrorReportSchema = z.lazy(() =>
  z.union([
    z.pipe(
      z.strictObject({ kind: z.literal('start'), page: page(), version: version() }),
      z.transform((start): BrowserErrorReport => ({ ...start, message: NOT_STARTED, source: '', line: 0, column: 0 })),
    ),
    z.strictObject({
      kind: z.enum(REPORT_KINDS),
      message: z.string().check(z.maxLength(REPORT_LIMITS.message)),
      source: z.string().check(z.maxLength(REPORT_LIMITS.source)),
      line: z.number().check(z.int(), z.nonnegative()),
      column: z.number().check(z.int(), z.nonnegative()),
      page: page(),
      version: version(),
    }) satisfies z.ZodMiniType<BrowserErrorReport>,
  ]),
);
