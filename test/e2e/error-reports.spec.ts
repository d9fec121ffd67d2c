import { ERROR_REPORT_PATH } from '../../src/domain/error-reports';
import { expect, test } from './support';

/**
 * A page's islands report their uncaught errors to the site, scrubbed in the browser and again on
 * the server: here an island that throws as it renders, its chunk changed on the way to the page.
 */
const SECRET = 'card 4242424242424242 for jane@example.com at /web-payment?p=1001&email=jane@example.com';

test('an island that throws: its report arrives scrubbed, with the page and the version, and is recorded', async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.route('**/assets/web-payment-form-*.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `export default function WebPaymentForm() { throw new Error(${JSON.stringify(SECRET)}); }`,
    }),
  );
  const beacon = page.waitForRequest((r) => r.url().endsWith(ERROR_REPORT_PATH) && r.method() === 'POST');
  await page.goto('/web-payment?p=1001');
  const sent = JSON.parse((await beacon).postData() ?? '{}') as Record<string, unknown>;
  expect(sent).toMatchObject({ kind: 'react', page: 'Web-Pay' });
  expect(sent.version).toEqual(expect.any(String));
  expect(String(sent.message)).toContain('Error: card [digits] for [email] at /web-payment');
  expect(JSON.stringify(sent)).not.toMatch(/4242|jane|p=1001/);

  // The server recorded it, scrubbed again, with the browser's engine.
  await expect
    .poll(async () => {
      const events = (await (await request.get('/_dev/metrics')).json()) as Array<Record<string, unknown>>;
      return events.find((e) => e.event === 'browserError' && e.kind === 'react');
    })
    .toMatchObject({ route: 'Web-Pay', browser: 'chromium/desktop', message: expect.stringContaining('card [digits] for [email]') });
  // The island's error is also in the console, as React reports it: that is this test's point.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('card [digits]') && !e.includes('4242')));
});
