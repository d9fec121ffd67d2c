/** A browser error report as `client/error-reports.ts` sends it, for the tests and the bench that post one. */
export const BROWSER_ERROR_REPORT = {
  kind: 'error',
  message: 'TypeError: x is undefined',
  source: '/assets/entry.js',
  line: 1,
  column: 2,
  page: 'pay',
  version: 'v1',
};
