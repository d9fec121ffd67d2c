import type { APIRequestContext, Page } from '@playwright/test';
import { ERROR_REPORT_PATH, NOT_STARTED } from '../../src/domain/error-reports';
import { expect, test } from './support';

/**
 * A page's islands report their uncaught errors to the site, scrubbed in the browser and again on
 * the server. The island's own bytes are checked by the browser (script integrity), so it is
 * made to throw by its props: the page is changed on its way so the card form's words are missing.
 */
const SECRET = 'card 4242424242424242 for jane@example.com at /web-payment?p=1001&email=jane@example.com';

/** What leaves the browser for the site's reports, read on its way: each body, as it is sent. */
async function reportsSent(page: Page): Promise<string[]> {
  const bodies: string[] = [];
  await page.route(`**${ERROR_REPORT_PATH}`, async (route) => {
    bodies.push(route.request().postData() ?? '');
    await route.continue();
  });
  return bodies;
}

async function recorded(request: APIRequestContext, kind: string) {
  const events = (await (await request.get('/_dev/metrics')).json()) as Array<Record<string, unknown>>;
  return events.find((e) => e.event === 'browserError' && e.kind === kind);
}

test('an island that throws: its report arrives, with the page and the version, and is recorded; a report is scrubbed', async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.route('**/web-payment?p=1001', async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, body: (await answer.text()).replace('&quot;text&quot;:', '&quot;words&quot;:') });
  });
  const bodies = await reportsSent(page);
  await page.goto('/web-payment?p=1001');
  await expect.poll(() => bodies.length).toBeGreaterThan(0);
  const sent = JSON.parse(bodies[0]!) as Record<string, unknown>;
  // React reports what it could not hydrate, then what it could not render either.
  expect(sent).toMatchObject({ kind: expect.stringMatching(/^(hydration|react)$/), page: 'Web-Pay' });
  expect(sent.version).toEqual(expect.any(String));
  await expect
    .poll(() => recorded(request, 'react'))
    .toMatchObject({
      route: 'Web-Pay',
      browser: 'chromium/desktop',
      message: expect.stringContaining('TypeError'),
      clientVersion: sent.version,
    });
  await expect(page.locator('[data-island="web-payment-form"][data-hydrated="true"]')).toHaveCount(0);

  // On the page as served, an error whose message carries a card number, an email and a query:
  // scrubbed before it leaves.
  await page.unroute('**/web-payment?p=1001');
  await page.goto('/web-payment?p=1001');
  await expect(page.locator('[data-island="web-payment-form"][data-hydrated="true"]')).toHaveCount(1);
  // As the browser tells the page of an uncaught error.
  await page.evaluate((secret) => {
    const error = new Error(secret);
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
  }, SECRET);
  const errorReport = () => bodies.find((b) => b.includes('"kind":"error"'));
  await expect.poll(errorReport).toBeDefined();
  const scrubbed = JSON.parse(errorReport()!) as Record<string, unknown>;
  expect(scrubbed).toMatchObject({ kind: 'error', page: 'Web-Pay' });
  expect(String(scrubbed.message)).toContain('Error: card [digits] for [email] at /web-payment');
  expect(JSON.stringify(scrubbed)).not.toMatch(/4242|jane|p=1001/);
  await expect.poll(() => recorded(request, 'error')).toMatchObject({ message: expect.stringContaining('card [digits] for [email]') });
  // Both errors are in the console too, as the browser and React report them: that is this test's point.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/TypeError|4242|card \[digits\]/.test(e)));
});

test("islands whose code cannot be loaded (a file the page's version does not have): one report says so, and the form still posts", async ({
  page,
  request,
  consoleErrors,
}) => {
  // The islands' entry answers 404, as the other version's Worker answers a file of this one.
  await page.route('**/assets/entry-*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  const bodies = await reportsSent(page);
  await page.goto('/web-payment?p=1001');
  await expect.poll(() => bodies.length).toBe(1);
  const sent = JSON.parse(bodies[0]!) as Record<string, unknown>;
  // The kind, the page and the version alone: the site records it in its own words.
  expect(Object.keys(sent).sort()).toEqual(['kind', 'page', 'version']);
  expect(sent).toMatchObject({ kind: 'start', page: 'Web-Pay' });
  await expect
    .poll(() => recorded(request, 'start'))
    .toMatchObject({ route: 'Web-Pay', clientVersion: sent.version, stands: 1, message: NOT_STARTED, source: '', line: 0 });
  await expect(page.locator('[data-island="web-payment-form"][data-hydrated="true"]')).toHaveCount(0);
  // The form is the server's: it still answers when sent.
  await expect(page.locator('form[method="post"]').first()).toBeVisible();
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !/404|Failed to fetch dynamically imported module|entry-/.test(e)),
  );
});
