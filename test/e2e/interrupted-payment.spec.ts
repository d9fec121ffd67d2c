import type { Page } from '@playwright/test';
import { en } from '../../src/domain/catalogue/en';
import { backendPayments, expect, fillCard, payer, test } from './support';

/**
 * A payment on a weak connection: the first submit never gets an answer, the visitor presses
 * Submit Payment again once the connection is back. The page's form key makes the second press
 * the same payment: the backend charges once and the visitor ends at the receipt.
 */
test.use({ viewport: { width: 390, height: 844 } });
test.beforeEach(async ({ request }) => expect((await request.post('/_dev/reset')).ok()).toBe(true));

const OFFLINE = en.paymentForm.failed.replace('{message}', en.paymentForm.offline);

async function fillPayment(page: Page) {
  await page.goto('/web-payment?p=1001');
  await expect(page.locator('[data-island="web-payment-form"][data-hydrated="true"]')).toHaveCount(1);
  await payer(page);
  await fillCard(page, '4242 4242 4242 4242', '737');
}

/** The page says the payment did not go through, and every value waits to be sent again. */
async function toldToTryAgain(page: Page) {
  await expect(page.getByRole('alert').filter({ hasText: OFFLINE })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Payment' })).toBeEnabled();
  await expect(page.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByLabel('Security Code (CVV)')).toHaveValue('737');
}

/** The browser's own report of the request that failed, which is what this test is about. */
const dropNetworkErrors = (errors: string[], pattern: RegExp) => {
  const unexpected = errors.filter((e) => !pattern.test(e));
  errors.splice(0, errors.length, ...unexpected);
};

test('offline during the first submit: the page says so; once back online the same press pays once, to the receipt', async ({
  page,
  context,
  request,
  consoleErrors,
}) => {
  const charged = await backendPayments(request);
  await fillPayment(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await toldToTryAgain(page);
  expect(await charged()).toEqual([]);

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await page.waitForURL(/\/receipt\/PAP-[A-Z0-9]{8}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your payment was received.');
  expect(await charged()).toEqual([{ outcome: 'paid', last4: '4242' }]);
  dropNetworkErrors(consoleErrors, /ERR_INTERNET_DISCONNECTED/);
});

test('the answer lost on its way back after the backend charged: pressed again, the payment is not charged twice and ends at the receipt', async ({
  page,
  request,
  consoleErrors,
}) => {
  const charged = await backendPayments(request);
  const reached: number[] = [];
  await page.route('**/payment/payment_back.php**', async (route) => {
    // The first submit reaches the site, which charges; its answer never reaches the phone.
    const answer = await route.fetch();
    reached.push(answer.status());
    if (reached.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response: answer });
  });
  await fillPayment(page);
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await toldToTryAgain(page);
  expect(await charged()).toEqual([{ outcome: 'paid', last4: '4242' }]);

  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await page.waitForURL(/\/receipt\/PAP-[A-Z0-9]{8}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your payment was received.');
  expect(reached).toEqual([200, 200]);
  expect(await charged()).toEqual([{ outcome: 'paid', last4: '4242' }]);
  dropNetworkErrors(consoleErrors, /ERR_CONNECTION_RESET/);
});

test('the answer lost after the backend charged, and the payer back 40 minutes later: the same key is sent, never a fresh one, and nothing is charged twice', async ({
  page,
  request,
  consoleErrors,
}) => {
  const charged = await backendPayments(request);
  const keys: string[] = [];
  await page.route('**/payment/payment_back.php**', async (route) => {
    keys.push(/name="formKey"\r\n\r\n([^\r]+)/.exec(route.request().postData() ?? '')?.[1] ?? '');
    const answer = await route.fetch();
    if (keys.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response: answer });
  });
  // The phone's own clock, which the form reads to tell whether its key ran out.
  await page.clock.install();
  await fillPayment(page);
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await toldToTryAgain(page);
  expect(await charged()).toEqual([{ outcome: 'paid', last4: '4242' }]);

  // Back from finding a signal 40 minutes later: by the phone's clock the key has run out, but it
  // went out once without an answer, so it goes again as it is and the site answers from its claim.
  await page.clock.setSystemTime(Date.now() + 40 * 60_000);
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await page.waitForURL(/\/receipt\/PAP-[A-Z0-9]{8}$/);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await charged()).toEqual([{ outcome: 'paid', last4: '4242' }]);
  dropNetworkErrors(consoleErrors, /ERR_CONNECTION_RESET/);
});
