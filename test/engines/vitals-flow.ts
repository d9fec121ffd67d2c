import { expect } from 'vitest';
import { eventually } from './engines';
import { ready, type Flow, type FlowContext } from './flow-steps';

/**
 * The site's events of one kind recorded since `since` (an ISO time), newest first. `/_dev/metrics`
 * keeps the last 500 events, so after a full run a count of them stops growing: time tells new ones.
 */
const recorded = async (site: string, event: string, since: string) =>
  ((await (await fetch(`${site}/_dev/metrics`)).json()) as Array<Record<string, unknown>>).filter(
    (e) => e.event === event && String(e.at) >= since,
  );

/** What the engine's page says it can measure (`PerformanceObserver.supportedEntryTypes`), read through the page's text. */
async function measurable({ w }: FlowContext): Promise<string[]> {
  await w.run(
    "const p = document.createElement('p'); p.id = 'entry-types'; p.textContent = (PerformanceObserver.supportedEntryTypes || []).join(' '); document.body.append(p);",
  );
  return (await w.text('#entry-types')).split(' ');
}

/**
 * The Web Vitals beacon in WebKit and Firefox: one beacon per page view, with what the engine
 * measures (TTFB and FCP at least) and never a metric it cannot measure; no script error. Without
 * script, none.
 */
export const VITALS_FLOW: Flow = {
  name: 'web vitals: the card form, typed into and left, sends one beacon with what this engine measures',
  async run(c) {
    // A page without islands first: whatever the last flow's page had to send is sent before counting.
    await c.w.goto(`${c.site}/embedded/termsofservice`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const since = new Date().toISOString();

    await c.w.goto(`${c.site}/web-payment?p=1001`);
    await ready(c, 'web-payment-form');
    const types = c.javaScript ? await measurable(c) : [];
    // The beacon's chunk loads once the page has loaded, on idle (within 2 s).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await c.w.type('#wp-patientName', 'Jane Doe');
    await c.w.goto(`${c.site}/embedded/termsofservice`);

    if (!c.javaScript) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await recorded(c.site, 'vitals', since)).toEqual([]);
      return;
    }
    await eventually(
      () => recorded(c.site, 'vitals', since),
      (events) => events.length > 0,
      'the beacon recorded',
    );
    // A second beacon of the same view would arrive by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const added = await recorded(c.site, 'vitals', since);
    expect(added.length, 'beacons of the page view').toBe(1);
    const [event] = added;
    expect(event).toMatchObject({ route: '/web-payment', navigation: 'navigate' });
    expect(['webkit', 'firefox']).toContain(event!.browser);
    expect(event!.ttfb).toBeGreaterThanOrEqual(0);
    expect(event!.fcp).toBeGreaterThan(0);
    // Nothing made up: a metric is there only if the engine measures its entries.
    if (!types.includes('largest-contentful-paint')) expect(event!.lcp).toBe(-1);
    if (!types.includes('layout-shift')) expect(event!.cls).toBe(-1);
    if (!types.includes('event')) expect(event!.inp).toBe(-1);
    expect(await recorded(c.site, 'browserError', since), 'script errors').toEqual([]);
  },
};
