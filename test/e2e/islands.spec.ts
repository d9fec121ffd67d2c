import { stopClock } from './clock';
import { BASE_URL } from './playwright.config';
import { expect, test } from './support';

test('the app-clip island hydrates, then sends the visitor on after 200 ms', async ({ page }) => {
  await stopClock(page);
  await page.goto('/pay-appclip');
  await expect(page.locator('[data-island="redirect-after"][data-hydrated="true"]')).toHaveCount(1);
  await page.clock.runFor(190);
  await expect(page).toHaveURL(/\/pay-appclip$/);
  await page.clock.runFor(20);
  await page.waitForURL('**/download?s=p&c=appclip');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get the Papaya app');
});

test('in a test environment (a test. host) the app clip waits 20 s before it sends the visitor on', async ({ page }) => {
  await stopClock(page);
  const testHost = BASE_URL.replace('127.0.0.1', 'test.localhost');
  await page.goto(`${testHost}/pay-appclip`);
  await expect(page.locator('[data-island="redirect-after"][data-hydrated="true"]')).toHaveCount(1);
  await page.clock.runFor(19_900);
  await expect(page).toHaveURL(/\/pay-appclip$/);
  await page.clock.runFor(200);
  await page.waitForURL('**/download?s=p&c=appclip');
});

test('without JavaScript the call to action still leads on', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/pay-appclip');
  await page.getByRole('link', { name: 'Continue to Papaya' }).click();
  await expect(page).toHaveURL(/\/download\?s=p&c=appclip$/);
  await context.close();
});
