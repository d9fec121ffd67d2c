import { SKIMMER_TAG } from '../shared/tampering-proxy';
import { expect, test } from './support';

/**
 * A skimmer's script injected into the card form on its way to the browser (here by Playwright
 * standing between the site and the page) is blocked by the CSP, and the browser's report
 * reaches the site, which records it. The injector also takes out the CSP's `report-to`: headless
 * Chromium keeps Reporting API reports for http://127.0.0.1 without sending them, so the report
 * comes through `report-uri`, which browsers send at once.
 */
test('a script injected into the card form is blocked, and its report arrives and is recorded', async ({
  page,
  request,
  consoleErrors,
}) => {
  const skimmerRequests: string[] = [];
  await page.route('https://skimmer.example/**', (route) => {
    skimmerRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: 'window.skimmed = true;' });
  });
  await page.route('**/web-payment?p=1001', async (route) => {
    const res = await route.fetch();
    const headers = res.headers();
    headers['content-security-policy'] = headers['content-security-policy']!.replace(/;\s*report-to [^;]+/, '');
    await route.fulfill({ response: res, headers, body: (await res.text()).replace('</body>', `${SKIMMER_TAG}</body>`) });
  });
  const reports: Array<{ type: string; status: number }> = [];
  page.on('requestfinished', async (req) => {
    if (new URL(req.url()).pathname === '/api/csp-report')
      reports.push({ type: (await req.allHeaders())['content-type'] ?? '', status: (await req.response())?.status() ?? 0 });
  });

  await page.goto('/web-payment?p=1001');
  await expect(page.locator('script[src="https://skimmer.example/collect.js"]')).toHaveCount(1);
  await expect.poll(() => reports.length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(reports[0]).toEqual({ type: 'application/csp-report', status: 204 });
  expect(skimmerRequests).toEqual([]);
  expect(await page.evaluate(() => (window as { skimmed?: boolean }).skimmed)).toBeUndefined();
  // The browser says what it blocked, and nothing else went wrong.
  const blocked = consoleErrors.filter((e) => e.includes('https://skimmer.example/collect.js'));
  expect(blocked).toEqual([
    expect.stringMatching(
      /^Loading the script 'https:\/\/skimmer\.example\/collect\.js' violates the following Content Security Policy directive/,
    ),
    'CSP violation: script-src-elem https://skimmer.example/collect.js at :0 ()',
  ]);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !blocked.includes(e)));

  // What the operators see: the violation, by page and directive; another site's address by its origin alone.
  const events = (await (await request.get('/_dev/metrics')).json()) as Array<Record<string, string | number>>;
  expect(events).toContainEqual(
    expect.objectContaining({ event: 'cspViolation', page: '/web-payment', blocked: 'https://skimmer.example' }),
  );
  const recorded = events.find((e) => e.event === 'cspViolation' && e.blocked === 'https://skimmer.example')!;
  expect(String(recorded.directive)).toMatch(/^script-src/);
});
