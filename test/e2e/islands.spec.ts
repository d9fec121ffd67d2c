import type { Page } from '@playwright/test';
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

test.describe('what a visitor types before the island takes over', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Holds every script but the boot loader until `release`: the page is drawn, its islands not yet running. */
  async function holdIslands(page: Page): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(?!boot-)[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }
  const hydrated = (page: Page, island: string) => expect(page.locator(`[data-island="${island}"][data-hydrated="true"]`)).toHaveCount(1);

  test('stays in the card form and counts: the step is checked with it', async ({ page }) => {
    const release = await holdIslands(page);
    await page.goto('/web-payment?p=1001', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Patient Name').fill('Jane Doe');
    await page.getByLabel('Account Number').fill('A-1001');
    await page.getByLabel('Patient Date of Birth').fill('01/31/1980');
    await page.getByLabel('Payment Amount').fill('42.50');
    release();
    await hydrated(page, 'web-payment-form');
    await page.getByLabel('Email').fill('jane@example.com');
    await page.getByLabel('Mobile Number').fill('(559) 555-0100');
    await expect(page.getByLabel('Patient Name')).toHaveValue('Jane Doe');
    await expect(page.getByLabel('Account Number')).toHaveValue('A-1001');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Card Number')).toBeVisible();
  });

  test('stays in the new-password form, which may then be saved', async ({ page }) => {
    // The save is answered here, so the demo token stays unused for the other tests.
    const saved: string[] = [];
    await page.route('**/api/forgot_password_back.php', (route) => {
      const np = route.request().postDataJSON()?.np;
      if (np === undefined) return route.fallback();
      saved.push(np);
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, status: 'PASSWORD_CHANGED' }),
      });
    });
    const release = await holdIslands(page);
    await page.goto('/update-password?x=RESET-VALID', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('New password', { exact: true }).fill('a long new password');
    await page.getByLabel('Confirm new password').fill('a long new password');
    release();
    await hydrated(page, 'password-reset');
    // Showing the password draws the form again: what was typed is still there, and saves.
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('a long new password');
    await expect(page.getByLabel('Confirm new password')).toHaveValue('a long new password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been updated. Please return to the app to sign in.' })).toBeVisible();
    expect(saved).toEqual(['a long new password']);
  });

  test('is searched for in the provider lookup', async ({ page }) => {
    const release = await holdIslands(page);
    await page.goto('/web-payment', { waitUntil: 'domcontentloaded' });
    await page.getByRole('combobox', { name: 'Provider Name' }).fill('valley');
    release();
    await hydrated(page, 'provider-lookup');
    await expect(page.getByRole('option', { name: /Valley Medical Group/ })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Provider Name' })).toHaveValue('valley');
  });

  test('keeps the payment choice made before, and joins with it', async ({ page }) => {
    const joined: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/member_signup.php')) joined.push(new URL(request.url()).searchParams.get('p') ?? '');
    });
    const release = await holdIslands(page);
    await page.goto('/member-signup?camefrom=email&ad=2&v=2', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Add a new payment method in the app').check();
    release();
    await hydrated(page, 'member-signup');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible();
    expect(joined).toEqual(['NEW_METHOD']);
  });
});
