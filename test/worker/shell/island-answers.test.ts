import { describe, expect, it } from 'vitest';
import operations from '../../../docs/operations.md?raw';
import { ISLAND_ROUTES } from '../../../src/domain/island-routes';
import { ISLAND_ATTR } from '../../../src/domain/islands';
import { recentEvents } from '../../../src/telemetry/events';
import { DESKTOP, IPHONE } from '../helpers';
import { embeddedEnv, request } from '../origin-helpers';

/** A page of every kind that carries islands, as a visitor reaches it. */
const ISLAND_PAGES = [
  '/web-payment?p=1001',
  '/pay?p=1001',
  '/pay-now?p=1001',
  '/paynow?p=1001',
  '/pay-contactless?p=1001',
  '/contactless?p=1001',
  '/pay-demo?p=1001',
  '/demo?p=1001',
  '/pay/valleymed',
  '/valleymed',
  '/web-payment-multi-option/harborhealth',
  '/pay-widget',
  '/pay-widget-imaginepay-button',
  '/pay-widget-restore-tab',
  '/update-password?x=RESET-VALID',
  '/update-info-request?t=INFO-DEADLINE',
  '/getpaid',
  '/member-signup?ad=2',
  '/pay-later?ue=bWVtYmVyQGV4YW1wbGUuY29t',
  '/pay-appclip?p=1001',
];

/** The route patterns the browser-error indicator's answers query lists (docs/operations.md, indicator 6). */
const listed = new Set(
  [...(/index1 = 'answer' AND blob3 IN \(([^)]*)\)/.exec(operations)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]!),
);

describe('the browser-error indicator counts the answers of pages with islands', () => {
  it('by the route patterns those answers really carry, every one of them listed in docs/operations.md', async () => {
    // The pay-later promotion open, as the browser tests have it, so its page draws its island.
    const e = embeddedEnv({ PAY_LATER_UNTIL: '2099-12-31' });
    const withIslands = new Set<string>();
    for (const path of ISLAND_PAGES)
      for (const ua of [DESKTOP, IPHONE]) {
        const res = await request(e, path, { headers: { 'User-Agent': ua } });
        const route = recentEvents().find((event) => event.event === 'answer')?.route;
        // A phone sent on to its store or web payment gets no page.
        if (res.status === 200 && (await res.text()).includes(ISLAND_ATTR)) withIslands.add(String(route));
      }
    expect(withIslands.size).toBe(19);
    expect([...withIslands].sort()).toEqual([...listed].sort());
    // The islands indicator counts the same pages' views.
    expect([...withIslands].sort()).toEqual([...ISLAND_ROUTES].sort());
  });
});
