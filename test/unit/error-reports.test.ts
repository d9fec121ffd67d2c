import { describe, expect, it } from 'vitest';
import { IGNORED_ERROR, REPORT_LIMITS, scrubReport } from '../../src/domain/error-reports';
import { scrub } from '../../src/domain/scrub';

describe('browser error reports are scrubbed', () => {
  it.each([
    [
      'query strings and fragments',
      'failed at https://papaya.test/web-payment?p=1001&email=a@b.co#card',
      'failed at https://papaya.test/web-payment',
    ],
    ['emails', 'no user jane.doe+bills@example.com here', 'no user [email] here'],
    ['card numbers, with or without spaces', 'card 4242 4242 4242 4242 or 4242424242424242', 'card [digits] or [digits]'],
    ['phone numbers', 'call (559) 555-0142 now', 'call ([digits] now'],
    ['long tokens', `token ${'a1B2c3D4'.repeat(5)} end`, 'token [token] end'],
  ])('%s', (_what, text, scrubbed) => {
    expect(scrub(text, 300)).toBe(scrubbed);
  });

  it('keeps short numbers: line numbers, amounts, years', () => {
    expect(scrub('line 12345 at 2026 for $42.50', 300)).toBe('line 12345 at 2026 for $42.50');
  });

  it('cuts each text to its limit and every number to a whole one', () => {
    const report = scrubReport({
      kind: 'error',
      message: 'x '.repeat(500),
      source: 'y '.repeat(500),
      line: -3,
      column: 7.9,
      page: 'Pay',
      version: 'v',
    });
    expect(report.message).toHaveLength(REPORT_LIMITS.message);
    expect(report.source).toHaveLength(REPORT_LIMITS.source);
    expect(report).toMatchObject({ line: 0, column: 7 });
  });

  it('ignores "Network Error" (spec 001 §8)', () => {
    expect(IGNORED_ERROR.test('AxiosError: Network Error')).toBe(true);
    expect(IGNORED_ERROR.test('TypeError: x is undefined')).toBe(false);
  });
});
