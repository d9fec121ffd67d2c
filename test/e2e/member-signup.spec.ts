import { expect, expectAccessible, test } from './support';

test('a visitor joins the waitlist by keyboard, choosing a new payment method', async ({ page }) => {
  await page.goto('/member-signup?ad=2&camefrom=email');
  await expect(page.locator('[data-island="member-signup"][data-hydrated="true"]')).toHaveCount(1);
  await expect(page.getByText('One month free, then $9.99 a month')).toBeVisible();
  await expectAccessible(page);
  // A link to the choice, so it leads on without script too.
  await page.getByRole('link', { name: 'Continue' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'How would you like to pay?' })).toBeFocused();
  await page.getByLabel('Use the card on file').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Add a new payment method in the app')).toBeChecked();
  await expectAccessible(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeFocused();
});

test('a failed call shows the server error in the page, not in an alert box', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.route('**/api/member_signup.php**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":false}' }),
  );
  await page.goto('/member-signup?v=2');
  await expect(page.locator('[data-island="member-signup"][data-hydrated="true"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('alert')).toHaveText('Server error. Please try again later.');
  await expect(page.getByRole('button', { name: 'Join the waitlist' })).toBeEnabled();
  expect(dialogs).toBe(0);
  await expectAccessible(page);
});
