import { describe, expect, it } from 'vitest';
import { readCspReports } from '../../src/security/csp-reports';
import { scrub } from '../../src/domain/scrub';

/**
 * The one scrubber of free text bound for a log line or an event, against a corpus of what a
 * page's error, a backend's error or a skimmer's address may carry. Each entry must leave
 * nothing of the secret: not whole, not in part.
 */
const CORPUS: Array<[what: string, text: string, secret: RegExp]> = [
  ['card, spaces', 'bad card 4111 1111 1111 1111 here', /1111|4111/],
  ['card, dashes', 'bad card 4111-1111-1111-1111 here', /1111|4111/],
  ['card, dots', 'bad card 4111.1111.1111.1111 here', /1111|4111/],
  ['card, slashes', 'https://evil.example/c/4111/1111/1111/1111', /1111|4111/],
  ['card, underscores', 'k_4111_1111_1111_1111', /1111|4111/],
  ['card, bare', 'x=4111111111111111', /4111|1111/],
  ['amex', 'card 3782 822463 10005', /3782|822463|10005/],
  ['email', 'no user jane.doe@example.com', /jane|example\.com/],
  ['email, percent-encoded', 'GET /u/jane.doe%40example.com failed', /jane|example\.com/],
  ['email, plus', 'user jane+bills@example.co.uk', /jane|bills/],
  ['phone, +1', 'call +1 (559) 555-0199 now', /559|0199/],
  ['phone, dotted', 'call 559.555.0199', /559|0199/],
  ['phone, 1-', 'call 1-559-555-0199', /559|0199/],
  ['date of birth', 'born 04/12/1980 ok', /1980|04\/12/],
  ['date, dashes', 'on 1980-04-12', /1980/],
  ['hex token', 'token 8f3a9c1e4b7d2f6a0c5e9b1d3f7a2c4e6b8d0f1a is bad', /8f3a|0f1a|9c1e/],
  ['form key', 'key 1001-1795000000-0123456789abcdef01234567-' + 'ab'.repeat(32), /1795000000|0123456789abcdef|abab/],
  ['base64url token', 'session eyJhbGciOiJIUzI1NiJ9_abc-DEF123ghiJKL', /eyJhbGci|DEF123/],
  ['short token', 'link /s/aB3dE5gH7j opened', /aB3dE5gH7j/],
  ['reset token in a query', 'https://papaya.test/update-password?x=RESET-VALID#top', /RESET-VALID|x=/],
  ['security code beside a card', 'cvv 737 for 4242 4242 4242 4242', /4242/],
];

describe('the scrubber', () => {
  it.each(CORPUS)('%s: nothing of it is left', (_what, text, secret) => {
    const scrubbed = scrub(text, 300);
    expect(scrubbed).not.toMatch(secret);
  });

  it('keeps what tells an operator what happened', () => {
    expect(scrub("TypeError: Cannot read properties of undefined (reading 'value')", 300)).toBe(
      "TypeError: Cannot read properties of undefined (reading 'value')",
    );
    expect(scrub('at line 12:7 of 3 fields', 300)).toBe('at line 12:7 of 3 fields');
    expect(scrub('a b '.repeat(200), 300)).toHaveLength(300);
  });

  it("a CSP report keeps another site's origin only, a data: or blob: address's scheme only, and scrubs this site's path", () => {
    const report = (blockedURL: string, sourceFile = 'https://papaya.test/assets/entry.js') =>
      readCspReports(
        'application/reports+json',
        [
          {
            type: 'csp-violation',
            url: 'https://papaya.test/receipt/PAP-AB12CD34',
            body: { blockedURL, sourceFile, effectiveDirective: 'script-src-elem' },
          },
        ],
        'https://papaya.test',
      )![0]!;
    const skimmer = report('https://evil.example/c/4111-1111-1111-1111/1230/jane%40example.com');
    expect(skimmer.blocked).toBe('https://evil.example');
    expect(report('data:text/javascript;base64,ZG9jdW1lbnQ=').blocked).toBe('data:');
    expect(report('blob:https://papaya.test/0c5e9b1d-3f7a-2c4e-6b8d-0f1a8f3a9c1e').blocked).toBe('blob:');
    expect(report('inline').blocked).toBe('inline');
    expect(report('https://papaya.test/s/aB3dE5gH7j').blocked).toBe('https://papaya.test/s/[token]');
    expect(skimmer.page).toBe('/receipt/[token]');
    expect(report('eval', 'https://cdn.evil.example/x/4111111111111111.js').source).toBe('https://cdn.evil.example');
  });
});
