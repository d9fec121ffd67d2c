import { TEST_PAYMENT } from '../shared/test-payer';
import type { APIRequestContext, Request } from '@playwright/test';
import { isInventoried, PAYMENT_PAGES, scriptIdentity } from '../shared/payment-scripts';
import { BASE_URL } from './playwright.config';
import { expect, issuedFormKey, test } from './support';

/**
 * PCI DSS 6.4.3, in the browser: every script a payment page loads, including what its islands
 * import once running, is in src/security/payment-scripts.json; no script runs inline.
 */
/** Payee 1008 asks no date of birth. */
const { payDOB: _birthDate, ...withoutBirthDate } = TEST_PAYMENT;

async function receiptPath(request: APIRequestContext): Promise<string> {
  const res = await request.post('/payment/payment_back.php?p=1008', {
    multipart: {
      ...withoutBirthDate,
      account: 'P-77',
      amount: '15.00',
      formKey: await issuedFormKey(request, '1008'),
    },
  });
  return ((await res.json()) as { confirmationUrl: string }).confirmationUrl;
}

test('payment pages load only inventoried scripts', async ({ page, request }) => {
  const origin = new URL(BASE_URL).origin;
  const pages = [...PAYMENT_PAGES, await receiptPath(request)];
  for (const path of pages) {
    const loaded: string[] = [];
    const listener = (req: Request) => {
      if (req.resourceType() === 'script') loaded.push(req.url());
    };
    page.on('request', listener);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    page.off('request', listener);
    const unlisted = loaded.map((url) => scriptIdentity(url, origin)).filter((id) => !isInventoried(id));
    expect(unlisted, path).toEqual([]);
    expect(await page.locator('script:not([src]):not([type="importmap"])').count(), `${path}: inline scripts`).toBe(0);
    if (path.includes('?p='))
      expect(
        loaded.map((url) => scriptIdentity(url, origin)),
        path,
      ).toContain('chunk:web-payment-form');
  }
});
