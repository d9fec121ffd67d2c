import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPROVED_MANIFEST_KEY, DEMO_TARGETS, readPaymentPages, type Fetcher } from '../../../src/security/page-check';
import { recentEvents } from '../../../src/web/events';
import { watchPaymentPages } from '../../../src/web/page-watch';
import { embeddedEnv, request } from '../origin-helpers';

/** The local demo naming itself: the scheduled check reads its pages through the Worker. */
const site = embeddedEnv({ PUBLIC_URL: 'https://papaya.test' });
const throughTheWorker: Fetcher = (url, init) => {
  const { pathname, search } = new URL(url);
  return request(site, `${pathname}${search}`, init);
};
/** The same site with the CSP taken out on the way, as a misconfigured rule of the zone would. */
const withoutCsp: Fetcher = async (url, init) => {
  const res = await throughTheWorker(url, init);
  const headers = new Headers(res.headers);
  headers.delete('Content-Security-Policy');
  return new Response(res.body, { status: res.status, headers });
};

const lastCheck = () => recentEvents().find((e) => e.event === 'pageCheck');
const securityLines = (warn: { mock: { calls: unknown[][] } }) =>
  warn.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, string>).filter((l) => l.msg === 'security');

async function approve(): Promise<void> {
  await site.CACHE.put(
    APPROVED_MANIFEST_KEY,
    JSON.stringify(await readPaymentPages('https://papaya.test', DEMO_TARGETS, throughTheWorker)),
  );
}

describe('the scheduled check of the payment pages', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await site.CACHE.delete(APPROVED_MANIFEST_KEY);
  });

  it('is quiet while the pages are as approved', async () => {
    await approve();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await watchPaymentPages(site, throughTheWorker);
    expect(lastCheck()).toMatchObject({ outcome: 'as-approved', differences: 0, pages: 6, page: '', what: '' });
    expect(securityLines(warn)).toEqual([]);
  });

  it('records a change and logs each difference as a security event', async () => {
    await approve();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await watchPaymentPages(site, withoutCsp);
    expect(lastCheck()).toMatchObject({
      outcome: 'changed',
      differences: 6,
      pages: 6,
      page: 'text-me-a-link as a phone',
      what: 'header Content-Security-Policy',
    });
    const lines = securityLines(warn);
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatchObject({
      event: 'payment-page-changed',
      requestId: 'scheduled',
      page: 'text-me-a-link as a computer',
      what: 'header Content-Security-Policy',
      served: '(absent)',
    });
    expect(lines[1]!.approved).toMatch(/^default-src 'self'; script-src 'nonce-\{nonce\}' 'strict-dynamic'/);
  });

  it('says so when no manifest was approved, or when what is in KV is not one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await watchPaymentPages(site, throughTheWorker);
    expect(lastCheck()).toMatchObject({ outcome: 'no-manifest', differences: 0 });
    await site.CACHE.put(APPROVED_MANIFEST_KEY, JSON.stringify({ pages: {} }));
    await watchPaymentPages(site, throughTheWorker);
    expect(lastCheck()).toMatchObject({ outcome: 'failed' });
    expect(securityLines(warn).map((l) => [l.event, l.reason])).toEqual([
      ['payment-page-check-failed', 'no approved manifest'],
      ['payment-page-check-failed', 'The approved manifest in KV is not one the check wrote.'],
    ]);
  });

  it('does nothing where the site has no public address to read', async () => {
    const before = recentEvents().filter((e) => e.event === 'pageCheck').length;
    await watchPaymentPages(embeddedEnv({ PUBLIC_URL: '' }), throughTheWorker);
    expect(recentEvents().filter((e) => e.event === 'pageCheck')).toHaveLength(before);
  });
});
