import { devices } from '@playwright/test';
import { FORMS_URL } from './playwright.config';
import { expect, expectAccessible, test } from './support';

test('a partner page frames the widget, and a visitor texts a link from inside it by keyboard', async ({ page }) => {
  await page.goto(`${FORMS_URL}/partner?widget=/pay-widget?name=valleymed`);
  const widget = page.frameLocator('iframe[title="Pay with Papaya"]');
  await expect(widget.getByRole('heading', { name: 'Pay Valley Medical Group with Papaya' })).toBeVisible();
  await expect(widget.locator('[data-island="pay-widget"][data-hydrated="true"]')).toHaveCount(1);
  await expect(widget.getByText('30k+ user reviews')).toBeVisible();
  await expect(widget.getByText('4.8')).toBeVisible();

  await widget.getByLabel('Mobile number').focus();
  await page.keyboard.type('559555');
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('alert')).toHaveText('Please enter a valid mobile number');
  await page.keyboard.type('0150');
  await page.keyboard.press('Enter');
  await expect(widget.getByText('Success! Check your phone for a text message')).toBeVisible();
  await expect(widget.locator('.widget-closing')).toHaveCount(0);

  await widget.getByRole('button', { name: 'Try Again' }).click();
  await expect(widget.getByLabel('Mobile number')).toBeVisible();
  await expect(widget.locator('.widget-closing')).toBeVisible();
});

test('the widget page itself passes axe', async ({ page }) => {
  await page.goto('/pay-widget?name=valleymed');
  await expect(page.locator('[data-island="pay-widget"][data-hydrated="true"]')).toHaveCount(1);
  await expectAccessible(page);
});

const { defaultBrowserType: _webkit, ...pixel } = devices['Pixel 7'];
test.describe('on a phone', () => {
  test.use(pixel);

  test('Pay Now shows the store transition, then opens the download link in a new tab', async ({ page, context }) => {
    await page.goto(`${FORMS_URL}/partner?widget=/pay-widget?name=valleymed`);
    const widget = page.frameLocator('iframe[title="Pay with Papaya"]');
    await expect(widget.locator('[data-island="pay-widget"][data-hydrated="true"]')).toHaveCount(1);
    const opened = context.waitForEvent('page');
    const download = context.waitForEvent('request', (r) => r.url().includes('/download?'));
    await widget.getByRole('button', { name: 'Pay Now' }).click();
    await expect(widget.getByText('Redirecting to the app store')).toBeVisible();
    await opened;
    // The new tab asks for the download link, which sends the phone on to its store.
    expect((await download).url()).toMatch(/\/download\?s=w&t=pe&c=sms&p=1001&n=Valley\+Medical\+Group&token=[A-Za-z0-9]{7}$/);
    await expect(widget.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  });
});
