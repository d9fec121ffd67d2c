import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSP_REPORT_PATH } from '../../../src/security/csp-reports';
import { cspDirectives, DESKTOP } from '../helpers';
import { embeddedEnv, freshClient, request, resetGuard } from '../origin-helpers';

/**
 * Content-Security-Policy reports: every HTML answer names where to send them, and the endpoint
 * takes both formats, drops what is not about this site, strips what could carry data, and logs a
 * security event per distinct violation.
 */
const SITE = 'https://papaya.test';
afterEach(() => vi.restoreAllMocks());
beforeEach(resetGuard);

const modern = (blockedURL: string, documentURL = `${SITE}/web-payment?p=1001`) =>
  JSON.stringify([
    {
      type: 'csp-violation',
      age: 1,
      url: documentURL,
      body: {
        documentURL,
        blockedURL,
        effectiveDirective: 'script-src-elem',
        sourceFile: `${SITE}/web-payment?p=1001`,
        lineNumber: 4,
        sample: 'skim()',
        disposition: 'enforce',
      },
    },
  ]);
const legacy = (blocked: string) =>
  JSON.stringify({
    'csp-report': {
      'document-uri': `${SITE}/web-payment?p=1001`,
      'effective-directive': 'script-src-elem',
      'blocked-uri': blocked,
      'script-sample': 'x',
    },
  });

function securityLines() {
  const lines: string[] = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  return () => lines.filter((l) => l.includes('"csp-violation"')).map((l) => JSON.parse(l) as Record<string, unknown>);
}
const send = (body: string, type: string, client = freshClient()) =>
  request(embeddedEnv(), CSP_REPORT_PATH, { method: 'POST', body, headers: { 'Content-Type': type, 'CF-Connecting-IP': client } });

describe('CSP reports', () => {
  it('every HTML answer names the endpoint: Reporting-Endpoints, report-to and report-uri', async () => {
    const res = await request(embeddedEnv(), '/web-payment?p=1001', { headers: { 'User-Agent': DESKTOP } });
    expect(res.headers.get('Reporting-Endpoints')).toBe(`csp="${CSP_REPORT_PATH}"`);
    const csp = cspDirectives(res.headers.get('Content-Security-Policy'));
    expect(csp.get('report-to')).toBe('csp');
    expect(csp.get('report-uri')).toBe(CSP_REPORT_PATH);
  });

  it('takes both formats: a security event per violation, without query, nonce or sample', async () => {
    const events = securityLines();
    expect((await send(modern('https://evil.example/skim.js?card=4242424242424242'), 'application/reports+json')).status).toBe(204);
    expect((await send(legacy('https://evil.example/other.js?x=1'), 'application/csp-report')).status).toBe(204);
    // Another site's address by its origin alone: a skimmer may put a card number in its path.
    expect(events()).toEqual([
      expect.objectContaining({ page: '/web-payment', directive: 'script-src-elem', blocked: 'https://evil.example', line: 4 }),
      expect.objectContaining({ page: '/web-payment', blocked: 'https://evil.example', source: '' }),
    ]);
    expect(JSON.stringify(events())).not.toMatch(/4242|p=1001|skim\(\)|x=1/);
  });

  it('logs a violation once, however often it is reported', async () => {
    const events = securityLines();
    for (let i = 0; i < 5; i++) await send(modern('https://once.example/once.js'), 'application/reports+json');
    expect(events().filter((e) => e.blocked === 'https://once.example')).toHaveLength(1);
  });

  it('ignores reports from browser extensions and about other documents', async () => {
    const events = securityLines();
    expect((await send(modern('chrome-extension://abcdef/inject.js'), 'application/reports+json')).status).toBe(204);
    expect((await send(modern('https://evil.example/x.js', 'https://other.example/page'), 'application/reports+json')).status).toBe(204);
    expect(events()).toEqual([]);
  });

  it('refuses another type (415), a body over 64 KB (413), and what is no report (400)', async () => {
    expect((await send(modern('inline'), 'application/json')).status).toBe(415);
    expect((await send(modern('inline'), 'text/plain')).status).toBe(415);
    expect((await send(`[${' '.repeat(65 * 1024)}]`, 'application/reports+json')).status).toBe(413);
    expect((await send('{"not":"a report"}', 'application/reports+json')).status).toBe(400);
    expect((await send('not json', 'application/csp-report')).status).toBe(400);
  });

  it('stops a flood from one client', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await send(modern(`https://evil.example/${i}.js`), 'application/reports+json', client)).status);
    // Counted after the answer: the 31st report is answered but not recorded, and from then on the client is refused.
    expect(statuses.filter((s) => s === 204)).toHaveLength(31);
    expect(statuses.slice(31)).toEqual([429]);
  });
});
