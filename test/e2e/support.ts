import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 740 },
] as const;

/** Every test fails on a console error, an uncaught page error or a CSP violation, wherever it happened. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A not-found page is a document served with status 404 on purpose; the browser reports
      // that status as a console error. Failed subresources still count.
      const notFoundDocuments = new Set<string>();
      page.on('response', (res) => {
        if (res.status() === 404 && res.request().isNavigationRequest()) notFoundDocuments.add(res.url());
      });
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        if (msg.text().includes('status of 404') && notFoundDocuments.has(msg.location().url)) return;
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

export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}
