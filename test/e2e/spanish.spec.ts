import type { APIRequestContext, Page } from '@playwright/test';
import { es } from '../../src/domain/catalogue/es';
import { expect, expectAccessible, test } from './support';

/**
 * The pages offered in Spanish, as a Spanish-speaking visitor on a phone uses them: chosen by the
 * browser's language or by the switch, with JavaScript and without.
 */
const reset = async (request: APIRequestContext) => expect((await request.post('/_dev/reset')).ok()).toBe(true);
const outbox = async (request: APIRequestContext) => (await (await request.get('/_dev/outbox')).json()) as Array<{ body: string }>;

const form = es.paymentForm;

async function payer(page: Page) {
  await page.getByLabel(form.patientName).fill('Ana Ruiz');
  await page.getByLabel(form.accountNumber).fill('A-1001');
  await page.getByLabel(form.dateOfBirth).fill('01/31/1980');
  await page.getByLabel(form.paymentAmount).fill('1234.56');
  await page.getByLabel(form.email, { exact: true }).fill('ana@example.com');
  await page.getByLabel(form.mobileNumber).fill('(559) 555-0100');
  await page.getByRole('button', { name: form.next }).click();
}

async function card(page: Page, number = '4242 4242 4242 4242') {
  await page.getByLabel(form.cardNumber).fill(number);
  await page.getByLabel(form.expiry).fill('12/30');
  await page.getByLabel(form.cvv).fill('737');
  await page.getByLabel(form.nameOnCard).fill('Ana Ruiz');
  await page.getByLabel(form.billingAddress).fill('1 Elm St');
  await page.getByLabel(form.city, { exact: true }).fill('Fresno');
  await page.getByLabel(form.state, { exact: true }).selectOption('CA');
  await page.getByLabel(form.zip, { exact: true }).fill('93721');
  await page.getByRole('button', { name: form.submit }).click();
}

for (const javaScript of [true, false]) {
  test.describe(`in Spanish on a phone, ${javaScript ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled: javaScript, viewport: { width: 390, height: 844 }, locale: 'es-US' });
    test.beforeEach(async ({ request }) => reset(request));
    test.afterEach(async ({ request }) => reset(request));

    const ready = async (page: Page, island: string) => {
      if (javaScript) await expect(page.locator(`[data-island="${island}"][data-hydrated="true"]`)).toHaveCount(1);
    };

    test('text-me-a-link: a wrong number is refused in Spanish, a good one gets a Spanish text', async ({ page, request }) => {
      await page.goto('/valleymed');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagar a Valley Medical Group');
      await ready(page, 'sms-form');
      const phone = page.getByLabel(es.smsForm.label);
      await phone.fill('555-01');
      await page.getByRole('button', { name: es.smsForm.submit }).click();
      await expect(page.getByText(es.smsForm.invalidPhone)).toBeVisible();
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await phone.fill('(559) 555-0190');
      await page.getByRole('button', { name: es.smsForm.submit }).click();
      await expect(page.getByText(es.smsForm.sent)).toBeVisible();
      expect((await outbox(request))[0]!.body).toMatch(/^Termine de pagar su factura con Papaya: /);
    });

    test('web payment: both steps, a problem said in Spanish at its field, then the Spanish receipt', async ({ page }) => {
      await page.goto('/web-payment?p=1001');
      await ready(page, 'web-payment-form');
      await page.getByLabel(form.email, { exact: true }).fill('ana@');
      await page.getByRole('button', { name: form.next }).click();
      await expect(page.locator('#wp-email-error')).toHaveText(es.paymentProblems.invalidEmail);
      await payer(page);
      await expect(page.getByText('Ana Ruiz · A-1001')).toBeVisible();
      await card(page);
      // Spanish by the browser's preference alone: the receipt's address names no language (no cookie is left for a choice not made).
      await page.waitForURL(/\/receipt\/PAP-[A-Z0-9]{8}$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.webPayment.receiptHeading);
      await expect(page.getByText('$1,234.56')).toBeVisible();
      // axe runs as a script in the page.
      if (javaScript) await expectAccessible(page);
    });

    test("a declined card: the backend's decline said in Spanish", async ({ page }) => {
      await page.goto('/web-payment?p=1001');
      await ready(page, 'web-payment-form');
      await payer(page);
      await card(page, '4000 0000 0000 0002');
      await expect(page.locator('#wp-ccn-error')).toHaveText(es.declines.declined);
      if (javaScript) await expect(page.getByText(form.failed.replace('{message}', es.declines.declined))).toBeVisible();
    });

    test('password reset: the hints in Spanish, then the new password saved', async ({ page }) => {
      const words = es.passwordReset;
      await page.goto('/update-password?x=RESET-VALID');
      await ready(page, 'password-reset');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
      await page.getByLabel(words.newPassword, { exact: true }).fill('short');
      await page.getByLabel(words.confirm).fill('short');
      // Not yet enabled (aria-disabled), yet pressed from the keyboard it says which rule is missing.
      if (javaScript) await expect(page.getByRole('button', { name: words.save })).toHaveAttribute('aria-disabled', 'true');
      await page.getByRole('button', { name: words.save }).focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('#reset-error')).toHaveText(words.hintLengthTodo);
      await page.getByLabel(words.newPassword, { exact: true }).fill('a much longer one');
      await page.getByLabel(words.confirm).fill('a much longer one');
      await page.getByRole('button', { name: words.save }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.changed);
    });

    test('bill info: a change confirmed in Spanish', async ({ page }) => {
      const words = es.infoRequest;
      await page.goto('/update-info-request?t=INFO-AMOUNT');
      await ready(page, 'info-request');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.confirmAmountIncrease);
      await page.getByRole('button', { name: words.confirmAndPay }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.inProgress);
      await expect(page.getByText(words.inProgressText)).toBeVisible();
    });

    test('get-paid: the access code, a password, the biller panel', async ({ page }) => {
      const words = es.getPaid;
      await page.goto('/getpaid');
      await ready(page, 'get-paid');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.collectTitle);
      await page.getByLabel(words.accessCodeLabel).fill('ACCESS1');
      await page.getByRole('button', { name: words.continue }).click();
      await expect(page.getByRole('heading', { name: words.setPassTitle })).toBeVisible();
      await page.getByLabel(words.emailLabel).fill('billing@valleymed.example');
      await page.getByLabel(words.passwordLabel, { exact: true }).fill('short');
      await page.getByLabel(words.confirmLabel).fill('short');
      await page.getByRole('button', { name: words.createAccount }).click();
      await expect(page.getByText(words.password)).toBeVisible();
      await page.getByLabel(words.passwordLabel, { exact: true }).fill('long enough password');
      await page.getByLabel(words.confirmLabel).fill('long enough password');
      await page.getByRole('button', { name: words.createAccount }).click();
      await page.waitForURL(/\/biller\?agentToken=/);
    });

    test('membership: the benefits, the payment choice, the waitlist, in Spanish', async ({ page }) => {
      const words = es.memberSignup;
      await page.goto('/member-signup?ad=2&camefrom=email');
      await ready(page, 'member-signup');
      await expect(page.getByText('Un mes gratis y luego $9.99 al mes')).toBeVisible();
      await page.getByRole('link', { name: words.continue }).click();
      await page.getByLabel(words.newMethod).check();
      await page.getByRole('button', { name: words.join }).click();
      await expect(page.getByRole('heading', { name: words.joined })).toBeVisible();
    });

    test('pay later: an unknown email refused in Spanish, then a member enrols', async ({ page }) => {
      const words = es.payLater;
      await page.goto('/pay-later');
      await ready(page, 'pay-later');
      await page.getByLabel(words.email).fill('nobody-here@example.com');
      await page.getByRole('button', { name: words.submit }).click();
      await expect(page.getByText(words.notFoundEmail)).toBeVisible();
      await page.getByLabel(words.email).fill('member@example.com');
      await page.getByRole('button', { name: words.submit }).click();
      await expect(page.getByRole('heading', { name: words.success })).toBeVisible();
    });

    test('provider search: a name typed, the provider chosen, its payment form', async ({ page }) => {
      const words = es.providerLookup;
      await page.goto('/web-payment');
      await ready(page, 'provider-lookup');
      await page.getByLabel(words.label).fill('valley medical');
      if (javaScript) {
        await page.locator('li[role="option"]', { hasText: 'Valley Medical Group' }).first().click();
        await page.getByRole('button', { name: words.confirm }).click();
        await page.getByRole('link', { name: words.next }).click();
      } else {
        await page.getByRole('button', { name: words.search }).click();
        await page.getByRole('link', { name: 'Valley Medical Group' }).click();
      }
      await expect(page).toHaveURL(/\/web-payment\?p=1001/);
      await expect(page.getByLabel(es.paymentForm.patientName)).toBeVisible();
    });

    test('bill info: a change declined, the payment cancelled', async ({ page }) => {
      const words = es.infoRequest;
      await page.goto('/update-info-request?t=INFO-FEE');
      await ready(page, 'info-request');
      await page.getByRole('button', { name: words.decline }).click();
      await expect(page.getByText(words.cancelQuestion)).toBeVisible();
      await page.getByRole('button', { name: words.cancelYes }).click();
      await expect(page.getByRole('heading', { name: words.cancelled })).toBeVisible();
    });

    test('get-paid: an emailed invite, continued by the biller, to the brand kit', async ({ page }) => {
      const words = es.getPaid;
      await page.goto(`/getpaid?i=${btoa('1008')}`);
      await ready(page, 'get-paid');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.inviteTitle);
      await page.getByRole('button', { name: words.continue }).click();
      await page.getByLabel(words.emailLabel).fill('ap@pinecrest.example');
      await page.getByLabel(words.statementsLabel).selectOption('3K-10K');
      await page.getByRole('button', { name: words.send }).click();
      await page.waitForURL(/\/brand-kit\?company$/);
    });

    test('account link: the button sends the answer from sign-in', async ({ page }) => {
      const words = es.accountLink;
      await page.goto('/account-link?code=auth-code&scope=gmail.readonly&state=xyz');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
      await page.getByRole('button', { name: words.submit }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.linked);
    });

    test('the switch: an English page turned Spanish, and the choice kept on the next page', async ({ browser }) => {
      // A browser that asks for English: only the switch makes the site Spanish.
      const context = await browser.newContext({ javaScriptEnabled: javaScript, viewport: { width: 390, height: 844 }, locale: 'en-US' });
      const page = await context.newPage();
      await page.goto('/pay');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
      await page.getByRole('link', { name: 'Español' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.pay.heading);
      await page.getByRole('link', { name: es.pay.payByCard }).click();
      await expect(page).toHaveURL(/\/web-payment$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.webPayment.lookupHeading);
      await page.getByRole('link', { name: 'English' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
      await context.close();
    });
  });
}

test.describe('Spanish named in the address alone, with no cookie kept', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  test.beforeEach(async ({ request }) => reset(request));
  test.afterEach(async ({ request }) => reset(request));

  test('the card payment leads to the Spanish receipt', async ({ page }) => {
    await page.goto('/web-payment?p=1001&lang=es');
    await expect(page.locator('[data-island="web-payment-form"][data-hydrated="true"]')).toHaveCount(1);
    // Whatever the page left is gone: only its address says Spanish.
    await page.context().clearCookies();
    await payer(page);
    await card(page);
    await page.waitForURL(/\/receipt\/PAP-[A-Z0-9]{8}\?lang=es$/);
    await page.context().clearCookies();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.webPayment.receiptHeading);
  });
});

test.describe('Spanish pages pass axe, lang included', () => {
  test.use({ locale: 'es-US' });
  for (const path of [
    '/valleymed',
    '/pay',
    '/web-payment',
    '/web-payment?p=1001',
    '/cedarvalley',
    '/this-page-does-not-exist',
    '/update-password?x=RESET-VALID',
  ]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-US');
      await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('lang', 'en-US');
      await expectAccessible(page);
    });
  }
});
