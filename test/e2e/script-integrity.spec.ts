import { expect, payer, test } from './support';

/**
 * PCI DSS 6.4.3, in the browser: every script of the site's own runs only with the bytes the build
 * wrote. One byte of one chunk changed on its way to the page (the island's last `;`, a space that
 * leaves valid script) and the browser refuses it: the island stays as the server drew it, and the
 * form still posts by itself.
 */
test('the card form runs with integrity on; one byte of its chunk changed and it does not run', async ({ page, consoleErrors }) => {
  await page.goto('/web-payment?p=1001');
  await expect(page.locator('[data-island="web-payment-form"][data-hydrated="true"]')).toHaveCount(1);
  expect(await page.locator('script[type="importmap"]').count()).toBe(1);
  await expect(page.locator('script[type="module"]')).toHaveAttribute('integrity', /^sha384-/);

  await page.route('**/assets/web-payment-form-*.js', async (route) => {
    const answer = await route.fetch();
    const body = await answer.body();
    body[body.length - 1] = 0x20;
    await route.fulfill({ response: answer, body });
  });
  await page.reload();
  await expect.poll(() => consoleErrors.some((e) => /integrity/i.test(e))).toBe(true);
  await expect(page.locator('[data-island="web-payment-form"]')).toHaveCount(1);
  await expect(page.locator('[data-island="web-payment-form"][data-hydrated="true"]')).toHaveCount(0);
  // Without its island the form is the server's: a plain post still takes the first step.
  await payer(page);
  await expect(page.getByText('Jane Doe · A-1001')).toBeVisible();
  // The refused chunk is this test's point; so is the import it failed.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/integrity|dynamically imported module/i.test(e)));
});
