import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_TARGETS, readPaymentPages, type Fetcher } from '../../../src/security/page-check';
import { approvedManifestKey } from '../../../src/security/page-compare';
import { recentEvents } from '../../../src/telemetry/events';
import { watchPaymentPages } from '../../../src/scheduled/page-watch';
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

/** Pages as version `id` draws them: the boot script names the version that drew the page. */
const drawnBy =
  (id: string, fetcher: Fetcher = throughTheWorker): Fetcher =>
  async (url, init) => {
    const res = await fetcher(url, init);
    if (!(res.headers.get('Content-Type') ?? '').includes('text/html')) return res;
    const html = (await res.text()).replace(/data-version="[^"]*"/g, `data-version="${id}"`);
    return new Response(html, { status: res.status, headers: res.headers });
  };
/** Two versions answering by turns, as during a gradual deploy. */
const byTurns = (a: Fetcher, b: Fetcher): Fetcher => {
  let turn = 0;
  return (url, init) => (turn++ % 2 ? b : a)(url, init);
};

const lastCheck = () => recentEvents().find((e) => e.event === 'pageCheck');
const securityLines = (warn: { mock: { calls: unknown[][] } }) =>
  warn.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, string>).filter((l) => l.msg === 'security');

/** A release's approval: its version's pages read and their manifest put in KV under the version. */
async function approve(version = 'v-a'): Promise<void> {
  await site.CACHE.put(
    approvedManifestKey(version),
    JSON.stringify(await readPaymentPages('https://papaya.test', DEMO_TARGETS, drawnBy(version))),
  );
}

describe('the scheduled check of the payment pages', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const version of ['v-a', 'v-b', 'broken']) await site.CACHE.delete(approvedManifestKey(version));
  });

  it('is quiet while the pages are as approved', async () => {
    await approve();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await watchPaymentPages(site, drawnBy('v-a'));
    expect(lastCheck()).toMatchObject({ outcome: 'as-approved', differences: 0, pages: 6, page: '', what: '' });
    expect(securityLines(warn)).toEqual([]);
  });

  it('records a change and logs each difference as a security event', async () => {
    await approve();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await watchPaymentPages(site, drawnBy('v-a', withoutCsp));
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
    await site.CACHE.put(approvedManifestKey('broken'), JSON.stringify({ pages: {} }));
    await watchPaymentPages(site, throughTheWorker);
    expect(lastCheck()).toMatchObject({ outcome: 'failed' });
    expect(securityLines(warn).map((l) => [l.event, l.reason])).toEqual([
      ['payment-page-check-failed', 'no approved manifest'],
      ['payment-page-check-failed', 'The approved manifest payment-pages:approved:broken in KV is not one the check wrote.'],
    ]);
  });

  it('is quiet while two versions answer by turns, each as its own manifest says, and loud when one differs', async () => {
    await approve('v-a');
    await approve('v-b');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await watchPaymentPages(site, byTurns(drawnBy('v-a'), drawnBy('v-b')));
    expect(lastCheck()).toMatchObject({ outcome: 'as-approved', differences: 0 });
    expect(securityLines(warn)).toEqual([]);

    // Version b's answers lose their CSP on the way: only its pages are named.
    await watchPaymentPages(site, byTurns(drawnBy('v-a'), drawnBy('v-b', withoutCsp)));
    const check = lastCheck()!;
    expect(check).toMatchObject({ outcome: 'changed', what: 'header Content-Security-Policy' });
    expect(Number(check.differences)).toBeGreaterThan(0);
    expect(Number(check.differences)).toBeLessThan(6);
  });

  it('after a rollback the older version is checked against its own manifest, with no step to take', async () => {
    await approve('v-a');
    await approve('v-b');
    await watchPaymentPages(site, drawnBy('v-b'));
    expect(lastCheck()).toMatchObject({ outcome: 'as-approved' });
    // `wrangler rollback`: version a answers again; KV is as the two releases left it.
    await watchPaymentPages(site, drawnBy('v-a'));
    expect(lastCheck()).toMatchObject({ outcome: 'as-approved', differences: 0 });
  });

  it('a version that was never approved is named', async () => {
    await approve('v-a');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await watchPaymentPages(site, drawnBy('v-unapproved'));
    expect(lastCheck()).toMatchObject({ outcome: 'changed', what: 'version v-unapproved' });
    expect(securityLines(warn)[0]).toMatchObject({ approved: '(no approved manifest)', served: 'v-unapproved' });
  });

  it('does nothing where the site has no public address to read', async () => {
    const before = recentEvents().filter((e) => e.event === 'pageCheck').length;
    await watchPaymentPages(embeddedEnv({ PUBLIC_URL: '' }), throughTheWorker);
    expect(recentEvents().filter((e) => e.event === 'pageCheck')).toHaveLength(before);
  });

  it("counts its own requests as the check's, never as visitors' answers; a visitor who sends its header is still a visitor", async () => {
    await approve();
    const before = recentEvents().length;
    await watchPaymentPages(site, drawnBy('v-a'));
    const answers = recentEvents()
      .slice(0, recentEvents().length - before)
      .filter((e) => e.event === 'answer');
    expect(answers.length).toBeGreaterThan(6);
    expect(new Set(answers.map((e) => e.device))).toEqual(new Set(['check']));

    await request(site, '/web-payment?p=1001', { headers: { 'Papaya-Page-Check': 'f'.repeat(64), 'User-Agent': 'Mozilla/5.0 (iPhone)' } });
    expect(recentEvents().find((e) => e.event === 'answer')).toMatchObject({ route: '/web-payment', device: 'apple' });
  });
});
