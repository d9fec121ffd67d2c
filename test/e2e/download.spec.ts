import { answerForTheAppStore, expect, IPAD_AS_MAC, test, touchPoints } from './support';

test.describe('the download landing on an iPad that asks for desktop sites', () => {
  test.use({ userAgent: IPAD_AS_MAC, hasTouch: true, viewport: { width: 1024, height: 1366 } });

  test('the server sees a Mac; the page sees the touch screen and sends the iPad to the App Store', async ({ page }) => {
    await touchPoints(page, 5);
    await answerForTheAppStore(page);
    const landings: string[] = [];
    page.on('request', (r) => void (r.url().includes('/download') && landings.push(new URL(r.url()).search)));
    await page.goto('/download?s=h&c=sms&token=Ab3dE7g');
    await page.waitForURL('https://apps.apple.com/**');
    await expect(page.getByRole('heading', { name: 'Papaya on the App Store' })).toBeVisible();
    // Back through the landing, flagged, so the visit is tracked like any iPad's.
    expect(landings).toEqual(['?s=h&c=sms&token=Ab3dE7g', '?s=h&c=sms&token=Ab3dE7g&ipad=1']);
  });

  test('a real Mac, without a touch screen, stays on the page with both stores', async ({ page }) => {
    await touchPoints(page, 0);
    await page.goto('/download?s=h');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get the Papaya app');
    await expect(page.getByRole('link', { name: /App Store/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Google Play/ })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/download\?s=h$/);
  });
});
