import { devices } from '@playwright/test';
import { expect, expectAccessible, test } from './support';

const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 13'];

test.describe('on an iPhone', () => {
  test.use(iPhone);

  test('a linked inbox says so and offers the way back to the app', async ({ page }) => {
    await page.goto('/account-link?code=auth-code&scope=gmail.readonly&state=xyz');
    await expect(page.getByRole('heading', { name: 'Link your email to Papaya' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Link my email' }).click();
    await expect(page.getByRole('heading', { name: 'Your email is linked!' })).toBeVisible();
    await expect(page).toHaveURL(/\/account-link\?done=account-link$/);
    await expect(page.getByRole('link', { name: 'Return to the Papaya app' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to the Papaya app' }).focus();
    await expect(page.getByRole('link', { name: 'Return to the Papaya app' })).toBeFocused();
    await expectAccessible(page);
  });
});

test('a refused link shows the failure', async ({ page }) => {
  await page.goto('/account-link?error=access_denied&state=xyz');
  await expect(page.getByRole('heading', { name: 'Oh no! There was an issue linking your email.' })).toBeVisible();
  await expectAccessible(page);
});
