import type { Page } from '@playwright/test';

/** Installs a stopped clock: timers on the page fire only when the test runs time forward. */
export async function stopClock(page: Page): Promise<void> {
  const start = new Date('2026-01-05T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}
