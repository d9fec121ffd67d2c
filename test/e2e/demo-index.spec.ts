import { DEMO_SECTIONS } from '../../src/demo/map';
import { expect, expectAccessible, test } from './support';

test('the demo index at / links every demo page, and a flow starts from it in clicks', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Papaya local demo' })).toBeVisible();
  await expectAccessible(page);
  for (const link of DEMO_SECTIONS.flatMap((s) => s.links)) await expect(page.locator(`a[href="${link.path}"]`).first()).toBeVisible();

  await page.getByRole('link', { name: '/web-payment?p=1001', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Pay Valley Medical Group' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: '/about', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Served by the marketing site in production');
  await page.getByRole('link', { name: 'Back to the demo index' }).click();
  await expect(page).toHaveURL(/\/$/);
});
