import { TEST_PAYMENT } from '../shared/test-payer';
import { expect, expectAccessible, issuedFormKey, test, WIDTHS } from './support';

test('a payment made through the API shows its receipt, accessibly, at both widths', async ({ page, request }) => {
  const res = await request.post('/payment/payment_back.php?p=1001', {
    multipart: {
      ...TEST_PAYMENT,
      amount: '42.00',
      cvv: '123',
      formKey: await issuedFormKey(request, '1001'),
    },
  });
  const { confirmationUrl } = (await res.json()) as { confirmationUrl: string };
  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto(confirmationUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your payment was received.');
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
    await expectAccessible(page);
  }
});
