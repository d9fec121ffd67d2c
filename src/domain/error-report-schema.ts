import * as z from 'zod/mini';
import { REPORT_KINDS, REPORT_LIMITS, type BrowserErrorReport } from './error-reports';

/** A browser error report as the endpoint takes it: this shape and these sizes only. */
export const BrowserErrorReportSchema = z.lazy(
  () =>
    z.strictObject({
      kind: z.enum(REPORT_KINDS),
      message: z.string().check(z.maxLength(REPORT_LIMITS.message)),
      source: z.string().check(z.maxLength(REPORT_LIMITS.source)),
      line: z.number().check(z.int(), z.nonnegative()),
      column: z.number().check(z.int(), z.nonnegative()),
      page: z.string().check(z.maxLength(REPORT_LIMITS.page), z.regex(/^[A-Za-z0-9-]*$/)),
      version: z.string().check(z.maxLength(REPORT_LIMITS.version)),
    }) satisfies z.ZodMiniType<BrowserErrorReport>,
);
