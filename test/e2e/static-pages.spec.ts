import { expect, expectAccessible, test, WIDTHS } from './support';

/** Every page of the foundation, with the heading a visitor sees and whether it may ship script. */
const PAGES = [
  { path: '/embedded/termsofservice', heading: 'Terms of Service', scripts: 0 },
  { path: '/embedded/privacy', heading: 'Privacy Policy', scripts: 0 },
  { path: '/embedded/billpay-termsofservice', heading: 'Bill Pay Terms of Service', scripts: 0 },
  { path: '/termsofservice', heading: 'Terms of Service', scripts: 0 },
  { path: '/privacy', heading: 'Privacy Policy', scripts: 0 },
  { path: '/download', heading: 'Get the Papaya app', scripts: 0 },
  { path: '/appsFlyer/landing', heading: 'Pay your bills in a snap', scripts: 0 },
  { path: '/financing', heading: 'Payment plan options', scripts: 0 },
  { path: '/merchant-verification', heading: 'Provider/Biller Verification', scripts: 0 },
  { path: '/confirmation', heading: 'Provider/Biller Verification', scripts: 0 },
  { path: '/newpartner', heading: 'Provider/Biller Verification', scripts: 0 },
  { path: '/this-page-does-not-exist', heading: "Sorry! We can't find that page.", scripts: 1 },
  { path: '/pay', heading: 'Pay your bill with Papaya', scripts: 1 },
  { path: '/cedarvalley', heading: 'Pay Cedar Valley Hospital', scripts: 1 },
  { path: '/web-payment', heading: 'Pay a bill on the web', scripts: 1 },
  { path: '/web-payment?p=1001', heading: 'Pay Valley Medical Group', scripts: 1 },
  { path: '/web-payment?p=1009&ib=1', heading: 'Pay Acme Staffing Inc', scripts: 1 },
  { path: '/web-payment-multi-option/harborhealth', heading: 'Pay your patient or company invoice below.', scripts: 0 },
  { path: '/pay-appclip', heading: 'Pay your bill with Papaya', scripts: 1 },
];

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const { path, heading, scripts } of PAGES) {
      test(`${path} renders, ships ${scripts} script(s) and passes axe`, async ({ page }) => {
        // The app-clip page leaves on its own after 200 ms; a 204 answer keeps the browser on it.
        if (path === '/pay-appclip') await page.route('**/download?*', (route) => route.fulfill({ status: 204 }));
        const response = await page.goto(path);
        expect(response?.status()).toBe(path.includes('does-not-exist') ? 404 : 200);
        if (scripts) await expect(page.locator('[data-island][data-hydrated="true"]')).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        expect(await page.locator('script[src]').count()).toBe(scripts);
        // A page with script also has its import map, which vouches for every chunk (PCI DSS 6.4.3).
        expect(await page.locator('script[type="importmap"]').count()).toBe(scripts ? 1 : 0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
        await expectAccessible(page);
      });
    }
  });
}

test('the verification form loads from its own origin inside the frame', async ({ page }) => {
  await page.goto('/merchant-verification');
  const frame = page.frameLocator('iframe[title="Merchant verification form"]');
  await expect(frame.getByRole('heading', { name: 'Verification form: merchant' })).toBeVisible();
  const box = await page.locator('iframe').boundingBox();
  expect(box?.height).toBe(800);
});

/** WCAG 1.4.4: with text at 200 % (the browser's text size, not page zoom), nothing is lost. */
for (const viewport of WIDTHS) {
  test.describe(`text at 200 % at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const { path, heading } of PAGES) {
      test(`${path} keeps its content`, async ({ page }) => {
        if (path === '/pay-appclip') await page.route('**/download?*', (route) => route.fulfill({ status: 204 }));
        await page.goto(path);
        const before = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
        await page.evaluate(() => {
          document.documentElement.style.fontSize = '200%';
        });
        const after = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
        expect(after, 'text follows the text size').toBeGreaterThanOrEqual(before * 1.9);
        const h1 = page.getByRole('heading', { level: 1 });
        await expect(h1).toHaveText(heading);
        await h1.scrollIntoViewIfNeeded();
        await expect(h1).toBeInViewport({ ratio: 0.9 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
        // No text is cut off by its box.
        const clipped = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('main *')]
            .filter(
              (el) =>
                el.children.length === 0 &&
                el.textContent?.trim() &&
                el.scrollWidth > el.clientWidth + 1 &&
                getComputedStyle(el).overflowX === 'hidden',
            )
            .map((el) => el.textContent!.trim().slice(0, 40)),
        );
        expect(clipped).toEqual([]);
      });
    }
  });
}
