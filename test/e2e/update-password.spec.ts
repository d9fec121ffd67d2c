import { HUMAN_CHECK_FAILED } from '../../src/domain/sms';
import { expect, expectAccessible, test } from './support';

// Runs first: its save is intercepted, so the demo token is still unused for the next test.
test('a save the backend refuses shows the expired view', async ({ page }) => {
  // The link's check on load goes through; the save is answered as if the link had just expired.
  await page.route('**/api/forgot_password_back.php', (route) =>
    route.request().postDataJSON()?.np === undefined
      ? route.fallback()
      : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: false, status: 'TOKEN_EXPIRED' }) }),
  );
  await page.goto('/update-password?x=RESET-VALID');
  await expect(page.locator('[data-island="password-reset"][data-hydrated="true"]')).toHaveCount(1);
  await page.getByLabel('New password', { exact: true }).fill('long enough password');
  await page.getByLabel('Confirm new password').fill('long enough password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await expect(page.getByRole('status')).toBeFocused();
  await expectAccessible(page);
});

test('an expired link is told as soon as the page runs, before anything is typed', async ({ page }) => {
  const checks: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/forgot_password_back.php')) checks.push(request.postData() ?? '');
  });
  await page.goto('/update-password?x=RESET-EXPIRED');
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await expect(page.getByRole('status')).toBeFocused();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  expect(checks).toEqual([JSON.stringify({ x: 'RESET-EXPIRED' })]);
  await expectAccessible(page);
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('an expired link is told by the save that tried it', async ({ page }) => {
    await page.goto('/update-password?x=RESET-EXPIRED');
    await page.getByLabel('New password', { exact: true }).fill('long enough password');
    await page.getByLabel('Confirm new password').fill('long enough password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'support@papayapay.com' })).toBeVisible();
  });
});

test('a save the site refuses before asking the backend says why, and keeps the form', async ({ page, consoleErrors }) => {
  const message = HUMAN_CHECK_FAILED;
  await page.route('**/api/forgot_password_back.php', (route) =>
    route.request().postDataJSON()?.np === undefined
      ? route.fallback()
      : route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: message, fields: { humanToken: message } }),
        }),
  );
  await page.goto('/update-password?x=RESET-VALID');
  await expect(page.locator('[data-island="password-reset"][data-hydrated="true"]')).toHaveCount(1);
  await page.getByLabel('New password', { exact: true }).fill('long enough password');
  await page.getByLabel('Confirm new password').fill('long enough password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('long enough password');
  // The refusal is the answer under test: the browser reports its status as a console error.
  const expected = consoleErrors.filter((e) => /status of 400 .*\/api\/forgot_password_back\.php/.test(e));
  expect(expected).toHaveLength(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expected.includes(e)));
});

test('a mismatched link explains and points to support', async ({ page }) => {
  await page.goto('/update-password?x=RESET-MISMATCH');
  await expect(page.getByRole('heading', { name: 'Something went wrong, please try again.' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'support@papayapay.com' })).toBeVisible();
  await expectAccessible(page);
});

test('a visitor sets a new password by keyboard, guided by the live hints', async ({ page }) => {
  await page.goto('/update-password?x=RESET-VALID');
  await expect(page.locator('[data-island="password-reset"][data-hydrated="true"]')).toHaveCount(1);
  await expectAccessible(page);
  const save = page.getByRole('button', { name: 'Save' });
  // Save is not enabled until both rules hold (aria-disabled), yet it stays focusable: pressed too
  // early, it says what is missing at the field.
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Please include at least 8 characters.' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('New password', { exact: true }).focus();
  await page.keyboard.type('short');
  await expect(page.getByText('Please include at least 8 characters.')).toBeVisible();
  await page.keyboard.type('-but-now-long');
  await expect(page.getByText('Password is at least 8 characters.')).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.type('short-but-now-lon');
  await expect(page.getByText('Password must match.')).toBeVisible();
  await page.keyboard.type('g');
  await expect(page.getByText('Your passwords match.')).toBeVisible();
  await expect(save).not.toHaveAttribute('aria-disabled');

  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: 'Show' });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide' })).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your password has been updated. Please return to the app to sign in.' })).toBeVisible();
  await expectAccessible(page);

  // The link works once.
  await page.goto('/update-password?x=RESET-VALID');
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
});
