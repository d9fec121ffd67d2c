import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support';

const SUFFIX = 'Please try again later. If this keeps happening, please contact Papaya.';
const ready = async (page: Page) => expect(page.locator('[data-island="info-request"][data-hydrated="true"]')).toHaveCount(1);

test('accepting an approaching due date puts the payment in progress, by keyboard', async ({ page }) => {
  await page.goto('/update-info-request?t=INFO-DEADLINE');
  await ready(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm and pay' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment in progress' })).toBeVisible();
  await expect(page.getByRole('status')).toBeFocused();
});

test('declining an amount increase, after confirming, cancels the payment', async ({ page }) => {
  await page.goto('/update-info-request?t=INFO-AMOUNT');
  await ready(page);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Cancel this payment?')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
});

test('the fields variant submits once every field has a value', async ({ page }) => {
  await page.goto('/update-info-request?t=INFO-FIELDS');
  await ready(page);
  const submit = page.getByRole('button', { name: 'Submit' });
  await page.getByLabel('Account number').fill('A-55');
  await submit.click();
  await expect(page.getByLabel('Name on the account')).toBeFocused();
  await expect(page.getByLabel('Name on the account')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Required' })).toBeVisible();
  await page.getByLabel('Name on the account').fill('Jane Doe');
  await expectAccessible(page);
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Payment in progress' })).toBeVisible();
});

test('a failed submit and a failed cancellation say so', async ({ page }) => {
  const failed = { status: 200, contentType: 'application/json', body: '{"success":false}' };
  await page.route('**/api/update_info_request.php**', (route) =>
    route.request().method() === 'GET' ? route.continue() : route.fulfill(failed),
  );
  await page.route('**/cancel_back.php**', (route) => route.fulfill(failed));
  await page.goto('/update-info-request?t=INFO-FEE');
  await ready(page);
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page.getByRole('heading', { name: 'Error submitting the info.' })).toBeVisible();
  await expect(page.getByText(SUFFIX)).toBeVisible();
  await page.goto('/update-info-request?t=INFO-FEE');
  await ready(page);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
  await expect(page.getByRole('heading', { name: 'Error cancelling the payment.' })).toBeVisible();
});
