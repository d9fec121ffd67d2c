import { expect, expectAccessible, test } from './support';

test('an unknown email gets the inline error, then a member enrols, by keyboard', async ({ page }) => {
  await page.goto('/pay-later');
  await expect(page.locator('[data-island="pay-later"][data-hydrated="true"]')).toHaveCount(1);
  await expectAccessible(page);
  const email = page.getByLabel('Email you use with Papaya');
  await email.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Required');
  await page.keyboard.type('stranger at example');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address.');
  await expect(email).toHaveValue('stranger at example');
  await email.fill('');
  await page.keyboard.type('stranger@example.com');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText("Oops! We couldn't find a Papaya account using that email.");
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveValue('stranger@example.com');
  await email.fill('member@example.com');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible();
  await expectAccessible(page);
});

test('a link with the token of an enrolled member says so once its button is pressed', async ({ page }) => {
  await page.goto(`/pay-later?ue=${Buffer.from('enrolled@example.com').toString('base64')}`);
  await expect(page.locator('[data-island="pay-later"][data-hydrated="true"]')).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Get my advance' }).click();
  await expect(page.getByRole('heading', { name: "You're already enrolled." })).toBeVisible();
});
