import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 740 },
] as const;

/** Every test fails on a console error, an uncaught page error or a CSP violation, wherever it happened. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A not-found page (404), or a form drawn again with its errors (400, a declined card 402,
      // a limit 429), is a document served with that status on purpose; the browser reports the
      // status as a console error. Failed subresources still count.
      const refusalDocuments = new Set<string>();
      page.on('response', (res) => {
        if (res.status() >= 400 && res.status() < 500 && res.request().isNavigationRequest()) refusalDocuments.add(res.url());
      });
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        if (/status of 4\d\d/.test(msg.text()) && refusalDocuments.has(msg.location().url)) return;
        errors.push(`${msg.text()} (${msg.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // A blocked eval that the page's code catches leaves nothing in the console but this event.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
        });
      });
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** axe (WCAG 2.0–2.2 A and AA) on the page as it is now, at the phone and the desktop width. */
export async function expectAccessible(page: Page): Promise<void> {
  const original = page.viewportSize();
  const summary: string[] = [];
  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    summary.push(...results.violations.map((v) => `${width}px ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`));
  }
  if (original) await page.setViewportSize(original);
  expect(summary).toEqual([]);
}

/**
 * Every field marked invalid names its error: `aria-describedby` points at a non-empty message,
 * and that message is announced (inside `role=alert` or an `aria-live` region, or by the form's
 * one alert: the error summary's link to the field, or the form's message quoting it).
 */
export async function expectErrorsAnnounced(page: Page, atLeast = 1): Promise<void> {
  const problems = await page.evaluate(() => {
    const invalid = [...document.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
    const out: string[] = [];
    for (const field of invalid) {
      const label = field.id || field.getAttribute('name') || field.tagName;
      const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const messages = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => !!el && !!el.textContent?.trim());
      // Announced where it is, or by one alert for the form: an error summary linking to the field, or the form's message quoting it.
      const alerts = [...document.querySelectorAll<HTMLElement>('[role="alert"]')];
      const announced = messages.filter(
        (el) =>
          el.closest('[role="alert"], [aria-live="polite"], [aria-live="assertive"]') ||
          alerts.some((alert) => alert.querySelector(`a[href="#${field.id}"]`) || alert.textContent?.includes(el.textContent!.trim())),
      );
      if (messages.length === 0) out.push(`${label}: no error message tied to it`);
      else if (announced.length === 0) out.push(`${label}: its error is not announced`);
    }
    return { count: invalid.length, out };
  });
  expect(problems.count, 'fields marked invalid').toBeGreaterThanOrEqual(atLeast);
  expect(problems.out).toEqual([]);
}

/**
 * What the demo backend charges and declines from now on: call it before the visitor pays, then
 * the function it gives back lists what came in since, newest first.
 */
export async function backendPayments(request: APIRequestContext) {
  const list = async () =>
    ((await (await request.get('/_dev/payments')).json()) as Array<{ outcome: string; last4: string; createdAt: string }>).map(
      ({ outcome, last4, createdAt }) => ({ outcome, last4, createdAt }),
    );
  const before = new Set((await list()).map((p) => JSON.stringify(p)));
  return async () => (await list()).filter((p) => !before.has(JSON.stringify(p))).map(({ outcome, last4 }) => ({ outcome, last4 }));
}

/** The card form's first step, filled as Jane Doe paying Valley Medical Group $42.50, then Next. */
export async function payer(page: Page): Promise<void> {
  await page.getByLabel('Patient Name').fill('Jane Doe');
  await page.getByLabel('Account Number').fill('A-1001');
  await page.getByLabel('Patient Date of Birth').fill('01/31/1980');
  await page.getByLabel('Payment Amount').fill('42.50');
  await page.getByLabel('Email').fill('jane@example.com');
  await page.getByLabel('Mobile Number').fill('(559) 555-0100');
  await page.getByRole('button', { name: 'Next' }).click();
}

/** The card form's second step, filled but not submitted. */
export async function fillCard(page: Page, number: string, cvv: string): Promise<void> {
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiration (MM/YY)').fill('12/30');
  await page.getByLabel('Security Code (CVV)').fill(cvv);
  await page.getByLabel('Name on Card').fill('Jane Doe');
  await page.getByLabel('Billing Address').fill('1 Elm St');
  await page.getByLabel('City').fill('Fresno');
  await page.getByLabel('State').selectOption('CA');
  await page.getByLabel('ZIP Code').fill('93721');
}

/** The form key a payment page issues, read from the page as the form island gets it. */
export async function issuedFormKey(request: APIRequestContext, payeeId: string): Promise<string> {
  const html = await (await request.get(`/web-payment?p=${payeeId}`)).text();
  const key = /formKey&quot;:&quot;([0-9a-f-]+)&quot;|"formKey":"([0-9a-f-]+)"/.exec(html);
  if (!key) throw new Error(`no form key on /web-payment?p=${payeeId}`);
  return key[1] ?? key[2]!;
}

/** An iPad asking for desktop sites: Safari's Mac user agent (with `hasTouch` and `touchPoints` on a touch screen). */
export const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

/** How many touch points the page's `navigator` reports: 5 on an iPad, 0 on a Mac. */
export async function touchPoints(page: Page, count: number) {
  await page.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => n }), count);
}

/** The App Store, answered here: the test sees the store open without leaving the machine. */
export async function answerForTheAppStore(page: Page) {
  await page.route('https://apps.apple.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!DOCTYPE html><title>App Store</title><h1>Papaya on the App Store</h1>',
    }),
  );
}
