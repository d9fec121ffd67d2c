import type { APIRequestContext, Page } from '@playwright/test';
import { VITALS_PATH, type VitalsBeacon } from '../../src/domain/vitals';
import { launchOptions } from './playwright.config';
import { expect, test } from './support';

/**
 * A real page view's Web Vitals, in Chromium on a phone's screen: the card form and a pay page
 * loaded, tapped and typed into, then left; one beacon leaves with what Chromium measured, and the
 * site records it as one event that holds nothing of the visitor.
 */
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
// An Android phone's Chromium, its every request included: a beacon sent as a page is left goes with the browser's own user agent, not a page's override.
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), `--user-agent=${ANDROID}`] },
});
// The pay pages send phones to the app while the redirect flag is on: off here, so the phone is served the page.
// The demo starts over first: the other tests' beacons from this one address count against its limit.
test.beforeEach(async ({ request }) => {
  expect((await request.post('/_dev/reset')).ok()).toBe(true);
  expect((await request.put('/_dev/flags/pay-wpbp-redirect', { data: { enabled: false } })).ok()).toBe(true);
});
test.afterEach(async ({ request }) => expect((await request.post('/_dev/reset')).ok()).toBe(true));

/**
 * Every Web Vitals beacon the tab sends, read from the tab itself: a beacon sent as a page is left
 * outlives its page and is not reported to the test, so each one's body is kept in the tab's
 * session storage as it is sent (this origin's pages only), and read from the page that follows.
 */
async function keepBeacons(page: Page): Promise<() => Promise<VitalsBeacon[]>> {
  await page.addInitScript((path: string) => {
    // A Blob's text cannot be read synchronously, and a page being left runs nothing asynchronous: each Blob made of text keeps it.
    const texts = new WeakMap<Blob, string>();
    const Made = Blob;
    window.Blob = class extends Made {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        if (parts?.every((part) => typeof part === 'string')) texts.set(this, parts.join(''));
      }
    };
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      const body = data instanceof Made ? texts.get(data) : undefined;
      if (new URL(url, location.href).pathname === path && body !== undefined)
        sessionStorage.setItem('beacons', JSON.stringify([...(JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as string[]), body]));
      return send(url, data);
    };
  }, VITALS_PATH);
  return async () =>
    ((await page.evaluate(() => JSON.parse(sessionStorage.getItem('beacons') ?? '[]'))) as string[]).map(
      (b) => JSON.parse(b) as VitalsBeacon,
    );
}

/** The `vitals` events recorded since `since` with this beacon's measures (another page view's may share one of them). */
async function recorded(request: APIRequestContext, beacon: VitalsBeacon, since: number) {
  const events = (await (await request.get('/_dev/metrics')).json()) as Array<Record<string, unknown>>;
  const { LCP, TTFB, FCP } = beacon.metrics;
  return events.filter(
    (e) =>
      e.event === 'vitals' && Date.parse(e.at as string) >= since && e.lcp === LCP?.value && e.ttfb === TTFB?.value && e.fcp === FCP?.value,
  );
}

/** What the visitor typed, where they are and the page's address: none of it in any event. */
const PERSONAL = ['Jane', 'Doe', 'A-1001', '5595550100', '555-0100', '127.0.0.1', '?', 'p=1001', 'valleymed'];

for (const [what, path, island, device, act] of [
  [
    'the card form',
    '/web-payment?p=1001',
    'web-payment-form',
    'android',
    async (page: Page) => {
      await page.getByLabel('Patient Name').click();
      await page.keyboard.type('Jane Doe', { delay: 30 });
      await page.getByLabel('Account Number').tap();
      await page.keyboard.type('A-1001', { delay: 30 });
    },
  ],
  [
    'a pay page',
    '/valleymed',
    'sms-form',
    'android',
    async (page: Page) => {
      await page.getByLabel('Mobile number').tap();
      await page.keyboard.type('5595550100', { delay: 30 });
    },
  ],
] as const) {
  test.describe(`${what}, on a phone's screen`, () => {
    test('a view with a tap and some typing sends one beacon with LCP, INP, CLS and TTFB, recorded as one event with nothing personal', async ({
      page,
      request,
      consoleErrors,
    }) => {
      const since = Date.now() - 1000;
      const sent = await keepBeacons(page);
      const chunk = page.waitForResponse((res) => /\/assets\/vitals-[\w-]+\.js$/.test(res.url()));
      await page.goto(path);
      await expect(page.locator(`[data-island="${island}"][data-hydrated="true"]`)).toHaveCount(1);
      // The beacon's chunk comes after the page's load, on idle, and only once.
      const loaded = await chunk;
      const [asked, load] = await page.evaluate((url) => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return [performance.getEntriesByName(url)[0]!.startTime, navigation.loadEventEnd];
      }, loaded.url());
      expect(load).toBeGreaterThan(0);
      expect(asked).toBeGreaterThanOrEqual(load);
      await act(page);
      expect(await sent()).toEqual([]);
      // The visitor leaves for a page of the site without islands: the page is hidden, and its one beacon goes.
      await page.goto('/embedded/termsofservice');
      await expect.poll(sent).toHaveLength(1);
      const [beacon] = await sent();
      expect(Object.keys(beacon!.metrics).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
      expect(beacon!.route).toMatch(/^\//);
      for (const metric of Object.values(beacon!.metrics))
        expect(metric).toMatchObject({ value: expect.any(Number), navigationType: 'navigate' });
      expect(beacon!.metrics.INP!.value).toBeGreaterThan(0);

      await expect.poll(() => recorded(request, beacon!, since).then((found) => found.length)).toBe(1);
      const [event] = await recorded(request, beacon!, since);
      expect(event).toMatchObject({
        route: beacon!.route,
        version: beacon!.version,
        device,
        browser: 'chromium',
        navigation: 'navigate',
        inp: beacon!.metrics.INP!.value,
        cls: beacon!.metrics.CLS!.value,
        ttfb: beacon!.metrics.TTFB!.value,
      });
      // Country and data centre come from Cloudflare's edge (request.cf); locally there is none, and nothing is made up.
      expect(event).toMatchObject({ country: expect.any(String), colo: expect.any(String) });
      const { at, ...fields } = event!;
      expect(Date.parse(at as string)).toBeGreaterThan(0);
      const text = JSON.stringify(fields);
      for (const personal of PERSONAL) expect(text, `"${personal}" was recorded`).not.toContain(personal);
      expect(Object.keys(event!).sort()).toEqual(
        [
          'at',
          'browser',
          'cls',
          'colo',
          'country',
          'device',
          'event',
          'fcp',
          'inp',
          'lcp',
          'navigation',
          'route',
          'ttfb',
          'version',
        ].sort(),
      );
      expect(consoleErrors).toEqual([]);
    });
  });
}

test('a page without islands loads no script, and sends no beacon', async ({ page }) => {
  const sent = await keepBeacons(page);
  const scripts: string[] = [];
  page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(r.url())));
  await page.goto('/embedded/termsofservice');
  await page.goto('/embedded/termsofservice?again');
  expect(scripts).toEqual([]);
  expect(await sent()).toEqual([]);
});
