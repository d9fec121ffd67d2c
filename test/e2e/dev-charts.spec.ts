import { artefactPath } from '../shared/browser-server';
import { expect, test } from './support';

/**
 * The local site's charts: a few page views and a payment, then `/_dev/charts` draws each
 * indicator (uPlot, in an island only that page loads) from the events the site recorded.
 */
test('a few page views, and the charts show them: payments, errors, p75 LCP and INP by version', async ({
  page,
  request,
  consoleErrors,
}) => {
  expect((await request.post('/_dev/reset')).ok()).toBe(true);
  // The site keeps its last 500 events across tests: the time tells this test's own.
  const since = Date.now();
  // Two views of the card form, each left for the next page: two beacons.
  for (const path of ['/web-payment?p=1001', '/web-payment?p=1001', '/embedded/termsofservice']) {
    await page.goto(path);
    if (path.startsWith('/web-payment')) {
      await expect(page.locator('[data-island="web-payment-form"][data-hydrated="true"]')).toHaveCount(1);
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/assets\/vitals-[\w-]+\.js$/.test(e.name)));
      await page.getByLabel('Patient Name').click();
      await page.keyboard.type('Pat', { delay: 30 });
    }
  }
  const scripts: string[] = [];
  page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
  await expect
    .poll(
      async () =>
        ((await (await request.get('/_dev/metrics')).json()) as Array<{ event: string; at: string }>).filter(
          (e) => e.event === 'vitals' && Date.parse(e.at) >= since,
        ).length,
    )
    .toBeGreaterThanOrEqual(2);
  await page.goto('/_dev/charts');
  await expect(page.getByRole('heading', { name: 'What the site recorded' })).toBeVisible();
  for (const id of ['payments', 'errors', 'lcp', 'inp'])
    await expect(page.locator(`[data-chart="${id}"] .dev-chart[data-drawn="true"] canvas`)).toHaveCount(1);
  // The LCP chart's table reads the same minutes: a p75 for the version that drew the card form.
  const lcp = page.locator('[data-chart="lcp"] table');
  await expect(lcp.locator('thead th')).toHaveCount(2);
  const cells = (await lcp.locator('tbody td').allTextContents()).map(Number).filter((n) => n > 0);
  expect(cells.length).toBeGreaterThan(0);
  await expect(page.locator('[data-chart="lcp"] figcaption')).toContainText('good at most 2.5 s');
  // uPlot is loaded by this page alone.
  expect(scripts.some((s) => /\/assets\/uPlot[\w.-]*\.js$/.test(s))).toBe(true);
  await page.screenshot({ path: artefactPath('chromium', true, 'dev-charts.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);

  const elsewhere: string[] = [];
  page.on('request', (r) => void (/uPlot/.test(r.url()) && elsewhere.push(r.url())));
  await page.goto('/web-payment?p=1001');
  await expect(page.locator('[data-island="web-payment-form"][data-hydrated="true"]')).toHaveCount(1);
  expect(elsewhere).toEqual([]);
});
