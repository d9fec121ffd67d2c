import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { stopClock } from './clock';
import { answerForTheAppStore, expect, expectAccessible, expectErrorsAnnounced, IPAD_AS_MAC, test, touchPoints } from './support';

type Outbox = Array<{ to: string; body: string }>;

async function latestText(request: APIRequestContext, to: string) {
  const outbox = (await (await request.get('/_dev/outbox')).json()) as Outbox;
  return outbox.find((m) => m.to === to);
}

test.describe('text-me-a-link on desktop', () => {
  test('a visitor types a number, gets the success message, and the text arrives', async ({ page, request }) => {
    await page.goto('/valleymed');
    await expect(page.locator('[data-island="sms-form"][data-hydrated="true"]')).toHaveCount(1);
    const input = page.getByLabel('Mobile number');
    await input.pressSequentially('5595550142');
    await expect(input).toHaveValue('(559) 555-0142');
    await page.getByRole('button', { name: 'Text me a link' }).click();
    await expect(page.getByText('Success! Check your phone for a text message')).toBeVisible();
    await expectAccessible(page);
    const text = await latestText(request, '5595550142');
    expect(text?.body).toMatch(
      /^Click here to finish paying your bill with Papaya: http:\/\/127\.0\.0\.1:8799\/s\/[A-Za-z0-9]{10} Reply HELP for help /,
    );

    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByLabel('Mobile number')).toBeVisible();
  });

  test('an invalid number is announced and tied to the field, by keyboard only', async ({ page }) => {
    await page.goto('/pay');
    await expect(page.locator('[data-island="sms-form"][data-hydrated="true"]')).toHaveCount(1);
    await page.getByLabel('Mobile number').focus();
    await page.keyboard.type('55512');
    await page.keyboard.press('Enter');
    const input = page.getByLabel('Mobile number');
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid mobile number');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await input.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Please enter a valid mobile number');
    await expect(input).toBeFocused();
    await expect(input).toHaveValue('(555) 12');
    await expectErrorsAnnounced(page, 1);
    await expectAccessible(page);
  });

  test('the success message clears after 30 seconds', async ({ page }) => {
    await stopClock(page);
    await page.goto('/pay');
    await expect(page.locator('[data-island="sms-form"][data-hydrated="true"]')).toHaveCount(1);
    await page.getByLabel('Mobile number').fill('5595550143');
    await page.getByRole('button', { name: 'Text me a link' }).click();
    await expect(page.getByText('Success! Check your phone for a text message')).toBeVisible();
    await page.clock.runFor(29_000);
    await expect(page.getByText('Success! Check your phone for a text message')).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(page.getByLabel('Mobile number')).toBeVisible();
  });

  test('the not-found page offers the same form', async ({ page }) => {
    await page.goto('/definitely-not-a-payee-xyz');
    await expect(page.locator('[data-island="sms-form"][data-hydrated="true"]')).toHaveCount(1);
    await page.getByLabel('Mobile number').fill('5595550144');
    await page.getByRole('button', { name: 'Text me a link' }).click();
    await expect(page.getByText('Success! Check your phone for a text message')).toBeVisible();
  });
});

/** Sends a link from a provider's page, the clock stopped so the store's 3 seconds can be stepped through. */
async function sendFromPinecrest(page: Page, number: string) {
  await stopClock(page);
  await page.goto('/pinecrest');
  await expect(page.locator('[data-island="sms-form"][data-hydrated="true"]')).toHaveCount(1);
  await page.getByLabel('Mobile number').fill(number);
  await page.getByRole('button', { name: 'Text me a link' }).click();
  await expect(page.getByText('Success! Check your phone for a text message')).toBeVisible();
}

// An iPhone's screen, touch and user agent, emulated in Chromium.
const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 13'];

test.describe('text-me-a-link on an iPhone', () => {
  test.use(iPhone);

  test.beforeEach(async ({ request }) => {
    // With the redirect flag on, phones go to web pay; this is the flag-off flow.
    expect((await request.put('/_dev/flags/pay-wpbp-redirect', { data: { enabled: false } })).ok()).toBe(true);
  });
  test.afterEach(async ({ request }) => {
    await request.put('/_dev/flags/pay-wpbp-redirect', { data: { enabled: true } });
  });

  test('after sending, the App Store opens by itself after 3 seconds', async ({ page }) => {
    await answerForTheAppStore(page);
    await sendFromPinecrest(page, '5595550145');
    await page.clock.runFor(2_900);
    await expect(page).toHaveURL(/\/pinecrest$/);
    await page.clock.runFor(200);
    await page.waitForURL('https://apps.apple.com/**');
    await expect(page.getByRole('heading', { name: 'Papaya on the App Store' })).toBeVisible();
  });

  test('with the flag on, the same visitor goes straight to web pay', async ({ request }) => {
    await request.put('/_dev/flags/pay-wpbp-redirect', { data: { enabled: true } });
    const res = await request.get('/pinecrest', { maxRedirects: 0, headers: { 'User-Agent': iPhone.userAgent } });
    expect(res.status()).toBe(302);
    const location = new URL(res.headers()['location']!);
    expect(location.origin).toBe('https://webpay.papayapay.com');
    expect(location.searchParams.get('p')).toBe('pinecrest');
    expect(location.searchParams.get('device')).toBe('mobile');
  });
});

test.describe('text-me-a-link on an iPad that asks for desktop sites', () => {
  test.use({ userAgent: IPAD_AS_MAC, hasTouch: true, viewport: { width: 1024, height: 1366 } });

  test('the server sees a Mac and draws the form; the page sees the touch screen and opens the App Store after sending', async ({
    page,
  }) => {
    await touchPoints(page, 5);
    await answerForTheAppStore(page);
    await sendFromPinecrest(page, '5595550146');
    await page.clock.runFor(3_100);
    await page.waitForURL('https://apps.apple.com/**');
  });

  test('a real Mac, without a touch screen, stays on the page', async ({ page }) => {
    await touchPoints(page, 0);
    await sendFromPinecrest(page, '5595550147');
    await page.clock.runFor(3_500);
    await expect(page).toHaveURL(/\/pinecrest$/);
  });
});
