import { describe, expect, it } from 'vitest';
import { readCspReports } from '../../src/security/csp-reports';

const SITE = 'https://papaya.test';
const modern = (body: Record<string, unknown>, url = `${SITE}/web-payment?p=1001&email=jane@example.com`) => [
  { type: 'csp-violation', age: 10, url, user_agent: 'x', body: { documentURL: url, ...body } },
];

describe('CSP violation reports', () => {
  it('reads the Reporting API format, with query strings, nonces and samples taken out', () => {
    const violations = readCspReports(
      'application/reports+json',
      modern({
        blockedURL: 'https://evil.example/skim.js?card=4242424242424242',
        effectiveDirective: "script-src-elem 'nonce-abc123'",
        sourceFile: `${SITE}/web-payment?p=1001`,
        lineNumber: 12,
        sample: 'var card = "4242424242424242"',
        disposition: 'enforce',
      }),
      SITE,
    );
    expect(violations).toEqual([
      {
        page: '/web-payment',
        directive: 'script-src-elem',
        blocked: 'https://evil.example',
        source: `${SITE}/web-payment`,
        line: 12,
        disposition: 'enforce',
      },
    ]);
    expect(JSON.stringify(violations)).not.toMatch(/4242|jane|nonce|abc123|p=1001/);
  });

  it("reads report-uri's format", () => {
    const violations = readCspReports(
      'application/csp-report',
      {
        'csp-report': {
          'document-uri': `${SITE}/web-payment?p=1001`,
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'inline',
          'line-number': 3,
          'script-sample': 'alert(document.cookie)',
        },
      },
      SITE,
    );
    expect(violations).toEqual([
      { page: '/web-payment', directive: 'script-src-elem', blocked: 'inline', source: '', line: 3, disposition: 'enforce' },
    ]);
  });

  it('drops what is not about this site: other documents, browser extensions, other report types', () => {
    expect(
      readCspReports(
        'application/reports+json',
        modern({ blockedURL: 'inline', effectiveDirective: 'script-src' }, 'https://other.example/'),
        SITE,
      ),
    ).toEqual([]);
    expect(
      readCspReports(
        'application/reports+json',
        modern({ blockedURL: 'chrome-extension://abcdef/inject.js', effectiveDirective: 'script-src' }),
        SITE,
      ),
    ).toEqual([]);
    expect(
      readCspReports(
        'application/reports+json',
        modern({ blockedURL: 'inline', sourceFile: 'moz-extension://1234/content.js', effectiveDirective: 'script-src' }),
        SITE,
      ),
    ).toEqual([]);
    expect(readCspReports('application/reports+json', [{ type: 'deprecation', url: `${SITE}/`, body: {} }], SITE)).toEqual([]);
  });

  it('keeps one of each violation in a batch', () => {
    const one = modern({ blockedURL: 'eval', effectiveDirective: 'script-src' })[0];
    expect(readCspReports('application/reports+json', [one, one, one], SITE)).toHaveLength(1);
  });

  it('says when a body is no report at all', () => {
    expect(readCspReports('application/reports+json', { not: 'a list' }, SITE)).toBeNull();
    expect(readCspReports('application/csp-report', [], SITE)).toBeNull();
  });
});
