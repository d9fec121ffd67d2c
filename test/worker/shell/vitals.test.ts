import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { ISLAND_ROUTES } from '../../../src/domain/island-routes';
import { VITALS_PATH, type VitalsBeacon } from '../../../src/domain/vitals';
import { DEVICE_COOKIE } from '../../../src/security/device-cookie';
import { dataset, embeddedEnv, freshClient, request, resetGuard } from '../origin-helpers';

beforeEach(resetGuard);

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** What Chromium measures of a card form's view with a tap and some typing. */
const CHROMIUM: VitalsBeacon = {
  route: '/web-payment',
  version: 'local',
  metrics: {
    LCP: { value: 1312.4, rating: 'good', navigationType: 'navigate' },
    INP: { value: 48, rating: 'good', navigationType: 'navigate' },
    CLS: { value: 0.013, rating: 'good', navigationType: 'navigate' },
    TTFB: { value: 210.5, rating: 'good', navigationType: 'navigate' },
    FCP: { value: 880, rating: 'good', navigationType: 'navigate' },
  },
};

function send(
  body: unknown,
  { client = freshClient(), headers = {}, e = embeddedEnv() }: { client?: string; headers?: Record<string, string>; e?: Env } = {},
) {
  return request(e, VITALS_PATH, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'User-Agent': ANDROID, 'CF-Connecting-IP': client, ...headers },
    cf: { country: 'US', colo: 'DFW', city: 'Fresno', latitude: '36.7', longitude: '-119.8', postalCode: '93650' },
  } as RequestInit);
}

/** A genuine device cookie, as the card form's page issues it. */
async function deviceCookie(): Promise<string> {
  const page = await request(embeddedEnv(), '/web-payment?p=1001', { headers: { 'CF-Connecting-IP': freshClient() } });
  return page.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
    .split(';')[0]!;
}

describe('the Web Vitals beacon', () => {
  it('a page with islands names its route pattern for the beacon, never its address', async () => {
    const html = await (await request(embeddedEnv(), '/web-payment?p=1001', { headers: { 'CF-Connecting-IP': freshClient() } })).text();
    expect(html).toMatch(/<script type="module" src="\/assets\/boot-[^"]+"[^>]* data-route="\/web-payment"/);
    // A payee's page: the pattern its route was drawn by, which the beacon's schema takes.
    const provider = await (await request(embeddedEnv(), '/valleymed', { headers: { 'CF-Connecting-IP': freshClient() } })).text();
    const route = provider.match(/data-route="([^"]+)"/)![1]!;
    expect(ISLAND_ROUTES).toContain(route);
    expect(route).not.toContain('valleymed');
    // The local charts have an island but are no page the indicators count: their script names no route, and sends no beacon.
    const charts = await (await request(embeddedEnv(), '/_dev/charts', { headers: { 'CF-Connecting-IP': freshClient() } })).text();
    expect(charts).toContain('data-island="dev-charts"');
    expect(charts).not.toContain('data-route=');
  });

  it('is recorded as one event: route, version, device class, country and data centre from the request, and nothing of the visitor', async () => {
    const { binding, events, points } = dataset();
    const res = await send(CHROMIUM, { e: embeddedEnv({ EVENTS: binding } as Partial<Env>), headers: { 'User-Agent': IPHONE } });
    expect(res.status).toBe(204);
    const vitals = events().filter((e) => e.event === 'vitals');
    expect(vitals).toEqual([
      {
        event: 'vitals',
        version: env.VERSION?.id || 'local',
        route: '/web-payment',
        device: 'apple',
        country: 'US',
        colo: 'DFW',
        navigation: 'navigate',
        browser: 'webkit',
        lcp: 1312.4,
        inp: 48,
        cls: 0.013,
        ttfb: 210.5,
        fcp: 880,
      },
    ]);
    // The request's city, coordinates and postal code, and its address, are never recorded.
    const recorded = JSON.stringify(points);
    for (const personal of ['Fresno', '36.7', '-119.8', '93650', '198.']) expect(recorded).not.toContain(personal);
  });

  it("takes what the browser measured: a beacon without LCP, INP or CLS (WebKitGTK's) is recorded with them not measured", async () => {
    const { binding, events } = dataset();
    const partial = { ...CHROMIUM, route: '/pay/:provider', metrics: { TTFB: CHROMIUM.metrics.TTFB, FCP: CHROMIUM.metrics.FCP } };
    expect((await send(partial, { e: embeddedEnv({ EVENTS: binding } as Partial<Env>) })).status).toBe(204);
    expect(events().find((e) => e.event === 'vitals')).toMatchObject({
      route: '/pay/:provider',
      lcp: -1,
      inp: -1,
      cls: -1,
      ttfb: 210.5,
      fcp: 880,
    });
  });

  it('refuses another site (403), an oversized body (413) and a malformed metric (400), and records none of them', async () => {
    const { binding, events } = dataset();
    const e = embeddedEnv({ EVENTS: binding } as Partial<Env>);
    expect((await send(CHROMIUM, { e, headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    expect((await send({ ...CHROMIUM, version: 'x'.repeat(3000) }, { e })).status).toBe(413);
    const malformed: unknown[] = [
      { ...CHROMIUM, metrics: { ...CHROMIUM.metrics, FID: { value: 1, rating: 'good', navigationType: 'navigate' } } },
      { ...CHROMIUM, metrics: { LCP: { value: -1, rating: 'good', navigationType: 'navigate' } } },
      { ...CHROMIUM, metrics: { LCP: { value: 1e9, rating: 'poor', navigationType: 'navigate' } } },
      { ...CHROMIUM, metrics: { CLS: { value: 0.1, rating: 'fine', navigationType: 'navigate' } } },
      { ...CHROMIUM, metrics: { TTFB: { value: '210', rating: 'good', navigationType: 'navigate' } } },
      { ...CHROMIUM, metrics: { TTFB: { value: 210, rating: 'good', navigationType: 'teleport' } } },
      { ...CHROMIUM, route: '/web-payment?p=1001' },
      { ...CHROMIUM, route: '/s/5595550199' },
      // A route no page with islands has: words of the sender's own, or a page the indicators do not count.
      { ...CHROMIUM, route: '/jane-doe-elm-street' },
      { ...CHROMIUM, route: '/_dev/charts' },
      { ...CHROMIUM, email: 'pat@example.com' },
      { route: '/web-payment', version: 'local' },
      '{"route": "/web-payment",',
    ];
    for (const body of malformed) expect((await send(body, { e })).status, JSON.stringify(body)).toBe(400);
    expect(events().filter((x) => x.event === 'vitals')).toEqual([]);
  });

  it('one device is held to its own beacons, whatever address it comes from; a crowd behind one address is not', async () => {
    const { binding, events } = dataset();
    const e = embeddedEnv({ EVENTS: binding } as Partial<Env>);
    const cookie = await deviceCookie();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await send(CHROMIUM, { e, headers: { Cookie: cookie } })).status);
    // Counted after the answer: the 31st is answered but not recorded, and from then on the device is refused.
    expect(statuses.filter((s) => s === 204)).toHaveLength(31);
    expect(statuses.slice(31)).toEqual([429]);
    expect(events().filter((x) => x.event === 'vitals')).toHaveLength(30);

    // Forty phones on one carrier's address, each with its own device: every one's view is counted.
    const office = freshClient();
    const before = events().filter((x) => x.event === 'vitals').length;
    for (let i = 0; i < 40; i++)
      expect((await send(CHROMIUM, { e, client: office, headers: { Cookie: await deviceCookie() } })).status).toBe(204);
    expect(events().filter((x) => x.event === 'vitals').length - before).toBe(40);
  });

  it('a sender that drops its cookie is held to one device’s share of its address', async () => {
    const { binding, events } = dataset();
    const e = embeddedEnv({ EVENTS: binding } as Partial<Env>);
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await send(CHROMIUM, { e, client })).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(31);
    expect(statuses.slice(31)).toEqual([429]);
    expect(events().filter((x) => x.event === 'vitals')).toHaveLength(30);
    // A device of the same address, with its cookie, is still counted.
    expect((await send(CHROMIUM, { e, client, headers: { Cookie: await deviceCookie() } })).status).toBe(204);
    expect(events().filter((x) => x.event === 'vitals')).toHaveLength(31);
  });

  it('one address is held to a crowd’s ceiling, however many devices it holds', async () => {
    const { binding, events } = dataset();
    const e = embeddedEnv({ EVENTS: binding } as Partial<Env>);
    const client = freshClient();
    // Twenty devices, thirty beacons each: the address's 600.
    for (let d = 0; d < 20; d++) {
      const cookie = await deviceCookie();
      for (let i = 0; i < 30; i++) expect((await send(CHROMIUM, { e, client, headers: { Cookie: cookie } })).status).toBe(204);
    }
    expect(events().filter((x) => x.event === 'vitals')).toHaveLength(600);
    // The next device's first beacon is answered and dropped; from then on the address is refused.
    const late = await deviceCookie();
    expect((await send(CHROMIUM, { e, client, headers: { Cookie: late } })).status).toBe(204);
    expect((await send(CHROMIUM, { e, client, headers: { Cookie: late } })).status).toBe(429);
    expect(events().filter((x) => x.event === 'vitals')).toHaveLength(600);
  }, 60_000);
});
