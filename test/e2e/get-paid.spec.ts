import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectErrorsAnnounced, test } from './support';

const ready = (page: Page) => expect(page.locator('[data-island="get-paid"][data-hydrated="true"]')).toHaveCount(1);

test('a wrong code, then the right one, then a password: the biller reaches the panel, by keyboard', async ({ page }) => {
  await page.goto('/getpaid');
  await ready(page);
  await expectAccessible(page);
  await page.getByLabel('Access code').focus();
  await page.keyboard.type('ABC');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Enter the access code from your payment notice.');
  await page.keyboard.type('DEF');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Invalid Code - Please try again' })).toBeFocused();
  await expectAccessible(page);

  await page.getByLabel('Access code').fill('ACCESS1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Set up your account' })).toBeFocused();
  await page.getByLabel('Email').fill('billing@valleymed.example');
  await page.getByLabel('Password', { exact: true }).fill('long enough password');
  await page.getByLabel('Confirm password').fill('long enough password');
  await expectAccessible(page);
  await page.route('**/biller?**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!DOCTYPE html><html lang="en"><title>Biller panel</title><h1>Biller panel</h1></html>',
    }),
  );
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/biller\?agentToken=gp_[A-Z0-9]+$/);

  // The code works once.
  await page.goto('/getpaid');
  await ready(page);
  await page.getByLabel('Access code').fill('ACCESS1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'This code has already been used' })).toBeVisible();
});

test('an invite opens the invite form, which sends the biller to the brand kit', async ({ page }) => {
  await page.goto(`/getpaid?i=${Buffer.from('1008').toString('base64')}`);
  await ready(page);
  await expect(page.getByRole('heading', { name: 'Get paid with Papaya' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Statements you send a month')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('#gp-email-error')).toHaveText('Please enter a valid email address.');
  await expect(page.locator('#gp-statements-error')).toHaveText('Please choose how many statements you send a month.');
  await expectErrorsAnnounced(page, 2);
  await page.getByLabel('Email').fill('ap@pinecrest.example');
  await page.getByLabel('Statements you send a month').selectOption('3K-10K');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForURL(/\/brand-kit\?company$/);
});

test('a failed call shows the generic error view', async ({ page }) => {
  await page.route('**/api/api_get_paid/get_paid.php', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"nextView":"oops"}' }),
  );
  await page.goto('/getpaid');
  await ready(page);
  await page.getByLabel('Access code').fill('ACCESS2');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Oops something went wrong' })).toBeVisible();
  await expect(page.getByText('Please try again later or contact us at support@papayapay.com.')).toBeVisible();
});
