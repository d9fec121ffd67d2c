import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectErrorsAnnounced, test } from './support';

async function hydrated(page: Page, island: string) {
  await expect(page.locator(`[data-island="${island}"][data-hydrated="true"]`)).toHaveCount(1);
}

/** Types into the focused field, then moves on with Tab, as a keyboard user would. */
async function typeAndTab(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

test('a patient finds the provider, confirms it and pays by keyboard alone, then sees the receipt', async ({ page }) => {
  await page.goto('/web-payment');
  await hydrated(page, 'provider-lookup');
  await expectAccessible(page);

  const combobox = page.getByRole('combobox', { name: 'Provider Name' });
  await combobox.focus();
  await page.keyboard.type('valley med');
  await expect(page.getByRole('option', { name: /Valley Medical Group/ })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('1 provider found.');
  await page.keyboard.press('ArrowDown');
  await expect(combobox).toHaveAttribute('aria-activedescendant', 'provider-option-0');
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Confirm Biller' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Valley Medical Group');
  await expect(dialog).toContainText('100 Main St Fresno, CA 93721');
  await expectAccessible(page);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(combobox).toBeFocused();

  // The form's own Search button, then Next.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Next' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/web-payment\?p=1001&g=1$/);
  await hydrated(page, 'web-payment-form');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay Valley Medical Group');
  await expect(page.getByText('For all billing questions, call')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Patient Name').focus();
  await typeAndTab(page, 'Jane Doe');
  await typeAndTab(page, 'A-1001');
  await typeAndTab(page, '01/31/1980');
  await typeAndTab(page, '125.5');
  await expect(page.getByLabel('Payment Amount')).toHaveValue('$125.50');
  await typeAndTab(page, 'jane@example.com');
  await page.keyboard.type('(559) 555-0100');
  await page.keyboard.press('Enter');

  await expect(page.getByLabel('Card Number')).toBeFocused();
  await expect(page.getByText('Jane Doe · A-1001 · $125.50')).toBeVisible();
  await expectAccessible(page);
  await typeAndTab(page, '4242424242424242');
  await expect(page.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242');
  await typeAndTab(page, '1230');
  await typeAndTab(page, '737');
  await typeAndTab(page, 'Jane Doe');
  await typeAndTab(page, '1 Elm St');
  await typeAndTab(page, 'Fresno');
  await page.keyboard.press('c');
  await page.keyboard.press('a');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('State')).toHaveValue('CA');
  await page.keyboard.type('93721');
  await page.keyboard.press('Enter');

  await page.waitForURL(/\/receipt\/PAP-[A-Z0-9]{8}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your payment was received.');
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expect(page.getByText('$125.50')).toBeVisible();
});

test('a company comes through the multi-option page, pays two invoices, and edits step 1 before paying', async ({ page }) => {
  await page.goto('/harborhealth');
  await expect(page).toHaveURL(/\/web-payment-multi-option\/harborhealth$/);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Company Invoice Payment' }).click();
  await expect(page).toHaveURL(/\/web-payment\?p=1004&ib=1$/);
  await hydrated(page, 'web-payment-form');
  await expect(page.getByText('Paying for your employer or company?')).toBeVisible();
  await page.getByLabel('Company Name').fill('Northwind LLC');
  await page.getByLabel('Invoice Number 1').fill('INV-1');
  await page.getByRole('button', { name: 'Add another invoice number' }).click();
  await page.getByLabel('Invoice Number 2').fill('INV-2');
  await page.getByLabel('Total Amount').fill('1500');
  await page.getByLabel('Email').fill('ap@northwind.example');
  await page.getByLabel('Contact Number').fill('5595550100');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Northwind LLC · INV-1, INV-2 · $1,500')).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Invoice Number 2')).toHaveValue('INV-2');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Card Number').fill('5555555555554444');
  await page.getByLabel('Expiration (MM/YY)').fill('1230');
  await page.getByLabel('Security Code (CVV)').fill('123');
  await page.getByLabel('Name on Card').fill('Ann Smith');
  await page.getByLabel('Billing Address').fill('2 Oak Ave');
  await page.getByLabel('City').fill('Oakland');
  await page.getByLabel('State').selectOption('CA');
  await page.getByLabel('ZIP Code').fill('94607');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await page.waitForURL(/\/receipt\/PAP-/);
  await expect(page.getByText('Mastercard ending in 4444')).toBeVisible();
});

test('an amount over $2,000 gets the spec message, tied to the field', async ({ page }) => {
  await page.goto('/web-payment?p=1008');
  await hydrated(page, 'web-payment-form');
  const amount = page.getByLabel('Payment Amount');
  await amount.fill('2000.01');
  await amount.blur();
  const message =
    'Unfortunately we are unable to accept payments over $2,000 via Papaya Web Payment. Please download the Papaya app to proceed with paying this bill.';
  await expect(page.locator('#wp-amount-error')).toHaveText(message);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAttribute('aria-describedby', 'wp-amount-error');
  await page.getByRole('button', { name: 'Next' }).click();
  // One alert for the step, focused, naming every field in error.
  const summary = page.locator('.error-summary[role="alert"]');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: `Payment Amount: ${message}` })).toBeVisible();
  await expect(page.locator('#wp-patientName-error')).toHaveText('Required');
  await expectAccessible(page);
});

test('Cedar Valley Hospital refuses an American Express card', async ({ page }) => {
  await page.goto('/web-payment?p=1007');
  await hydrated(page, 'web-payment-form');
  await expect(page.getByText('A $1.50 convenience fee applies to card payments.')).toBeVisible();
  await page.getByLabel('Patient Name').fill('Sam Roe');
  await page.getByLabel('Account Number').fill('XX1');
  await page.getByLabel('Date of Service').fill('03/04/2026');
  await page.getByLabel('Payment Amount').fill('80');
  await page.getByLabel('Email').fill('sam@example.com');
  await page.getByLabel('Mobile Number').fill('5595550100');
  await page.getByLabel('Billing ZIP Code').fill('93291');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#wp-account-error')).toHaveText('Please enter a valid account number that starts with: CV');
  await page.getByLabel('Account Number').fill('CV123456');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Card Number').fill('378282246310005');
  await page.getByLabel('Card Number').blur();
  await expect(page.locator('#wp-ccn-error')).toHaveText('Invalid / Not Accepted');
});

test('a failed payment says why at the card, brings the button back and keeps every typed value but the card number and code', async ({
  page,
}) => {
  await page.route('**/payment/payment_back.php**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'error', message: 'The card was declined.' }),
    }),
  );
  await page.goto('/web-payment?p=1008');
  await hydrated(page, 'web-payment-form');
  await page.getByLabel('Patient Name').fill('Lee Park');
  await page.getByLabel('Account Number').fill('PP-77');
  await page.getByLabel('Payment Amount').fill('60');
  await page.getByLabel('Email').fill('lee@example.com');
  await page.getByLabel('Mobile Number').fill('5595550100');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Card Number').fill('4111111111111111');
  await page.getByLabel('Expiration (MM/YY)').fill('12/30');
  await page.getByLabel('Security Code (CVV)').fill('123');
  await page.getByLabel('Name on Card').fill('Lee Park');
  await page.getByLabel('Billing Address').fill('3 Pine St');
  await page.getByLabel('City').fill('Modesto');
  await page.getByLabel('State').selectOption('CA');
  await page.getByLabel('ZIP Code').fill('95354');
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'There was a problem saving your payment: The card was declined.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Payment' })).toBeEnabled();
  // A declined card is typed again (or another one), as without script; the rest is kept.
  await expect(page.getByLabel('Card Number')).toHaveValue('');
  await expect(page.getByLabel('Security Code (CVV)')).toHaveValue('');
  await expect(page.locator('#wp-ccn-error')).toHaveText('The card was declined.');
  for (const [label, value] of [
    ['Expiration (MM/YY)', '12/30'],
    ['Name on Card', 'Lee Park'],
    ['City', 'Modesto'],
    ['ZIP Code', '95354'],
  ]) {
    await expect(page.getByLabel(label!)).toHaveValue(value!);
  }
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Account Number')).toHaveValue('PP-77');
  await expectAccessible(page);
});

test('a payee without web payment gets its text-me-a-link form instead', async ({ page }) => {
  await page.goto('/web-payment?p=1005');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay Northside Imaging');
  await hydrated(page, 'sms-form');
});

test('a provider that cannot be found gets the spec message', async ({ page }) => {
  await page.goto('/web-payment?ref=404');
  await hydrated(page, 'provider-lookup');
  await page.getByRole('combobox', { name: 'Provider Name' }).fill('zzzzzz');
  await expect(page.getByRole('alert')).toHaveText(
    'Provider not found. You can still make a payment by taking a picture of your bill through Papaya App.',
  );
});

test('one click on Submit with an empty card form shows every missing field', async ({ page }) => {
  await page.goto('/web-payment?p=1008');
  await hydrated(page, 'web-payment-form');
  for (const [label, value] of [
    ['Patient Name', 'Lee Park'],
    ['Account Number', 'PP-1'],
    ['Payment Amount', '60'],
    ['Email', 'lee@example.com'],
    ['Mobile Number', '5595550100'],
  ]) {
    await page.getByLabel(label!).fill(value!);
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Card Number')).toBeFocused();
  // The card field loses focus as the button is pressed; its error must not move the button away.
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  for (const id of ['ccn', 'exp', 'cvv', 'billName', 'addr1', 'city', 'zip'])
    await expect(page.locator(`#wp-${id}-error`)).toHaveText('Required');
  await expect(page.locator('#wp-state-error')).toHaveText('Please choose a state.');
  const summary = page.locator('.error-summary[role="alert"]');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveCount(8);
  await summary.getByRole('link', { name: 'Card Number: Required' }).click();
  await expect(page.getByLabel('Card Number')).toBeFocused();
  await expectErrorsAnnounced(page, 8);
});
