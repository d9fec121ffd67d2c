import { expect, expectAccessible, test } from './support';

test.describe('headerless legal pages', () => {
  for (const path of ['/embedded/termsofservice', '/embedded/privacy', '/embedded/billpay-termsofservice']) {
    test(`${path}?headerless hides navigation and footer`, async ({ page }) => {
      await page.goto(`${path}?headerless`);
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.locator('footer')).toHaveCount(0);
      await expect(page.locator('.curves')).toHaveCount(0);
      await expectAccessible(page);
    });
  }

  test('without headerless the same page has navigation and footer', async ({ page }) => {
    await page.goto('/embedded/termsofservice');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

test.describe('navigation', () => {
  test('at 1280px the links are in the bar and there is no menu button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/termsofservice');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(page.locator('summary', { hasText: 'Menu' })).toBeHidden();
  });

  for (const width of [375, 1149]) {
    test(`at ${width}px the burger menu opens and closes from the keyboard`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/termsofservice');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const about = nav.getByRole('link', { name: 'About' });
      await expect(about).toBeHidden();

      // Skip link, logo, then the menu button.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const button = page.locator('summary', { hasText: 'Menu' });
      await expect(button).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(about).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name: 'How it works' })).toBeFocused();

      await page.keyboard.press('Shift+Tab');
      await expect(button).toBeFocused();
      await page.keyboard.press('Space');
      await expect(about).toBeHidden();
      await expectAccessible(page);
    });
  }

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/privacy');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('the partner link is hidden on /postcard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/postcard');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'For billers' })).toHaveCount(0);
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'For billers' })).toHaveCount(1);
  });
});
