import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { PREVIEW_FETCHERS } from '../../shared/user-agents';
import { IPHONE } from '../helpers';
import { embeddedEnv, freshClient, json, request } from '../origin-helpers';
import { ROUTE_TABLE } from '../routes';

/** The preview tags of a page, by property or name. */
function previewTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"/g)) tags.set(key!, value!);
  const icon = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
  if (icon) tags.set('apple-touch-icon', icon);
  if (/<meta name="robots" content="noindex/.test(html)) tags.set('robots', 'noindex');
  return tags;
}

/** Follows the site's own redirects as a preview fetcher does, failing on a hop off the site. */
async function fetchAsPreview(path: string, ua: string): Promise<{ res: Response; html: string; hops: string[] }> {
  const hops: string[] = [];
  let at = path;
  for (let i = 0; i < 4; i++) {
    const res = await request(embeddedEnv(), at, { headers: { 'User-Agent': ua } });
    const location = res.headers.get('Location');
    if (!location) return { res, html: await res.text(), hops };
    const next = new URL(location, 'https://papaya.test');
    if (next.origin !== 'https://papaya.test') throw new Error(`${path} sent ${ua} off the site to ${location}`);
    hops.push(`${res.status} ${location}`);
    at = `${next.pathname}${next.search}`;
  }
  throw new Error(`${path}: too many redirects`);
}

async function shortLinkTo(path: string): Promise<string> {
  const { key } = await (
    await request(embeddedEnv(), '/api/shorten_url.php?action=shorten_url', {
      ...json({ url: path }),
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient() },
    })
  ).json<{ key: string }>();
  return `/s/${key}`;
}

function expectCard(tags: Map<string, string>) {
  for (const key of ['og:title', 'og:description', 'og:image', 'og:url', 'twitter:card', 'apple-touch-icon'])
    expect(tags.get(key), key).toBeTruthy();
  expect(tags.get('og:image')).toBe('https://papaya.test/images/preview.png');
  expect(tags.get('og:url')).toMatch(/^https:\/\/papaya\.test\//);
  expect(tags.get('twitter:card')).toBe('summary_large_image');
}

/** Pages reached by a personal link, with what must never show on their card. */
const TOKEN_PAGES: Array<[string, string, string[]]> = [
  ['password reset', '/update-password?x=RESET-VALID', ['RESET-VALID']],
  ['bill info', '/update-info-request?t=INFO-AMOUNT', ['INFO-AMOUNT']],
  ['account link', '/account-link?code=one-time-code&state=s1&scope=gmail.readonly', ['one-time-code', 's1']],
  ['get-paid invite', `/getpaid?i=${btoa('1001')}`, [btoa('1001'), 'Valley Medical']],
  ['pay-later link', `/pay-later?ue=${btoa('member@example.com')}`, [btoa('member@example.com'), 'member@example.com']],
];

describe.each(PREVIEW_FETCHERS)('link previews for %s', (_name, ua) => {
  it('a payee page: the page with its card, never a store or web-pay redirect', async () => {
    const { res, html, hops } = await fetchAsPreview('/valleymed', ua);
    expect(hops).toEqual([]);
    expect(res.status).toBe(200);
    const tags = previewTags(html);
    expectCard(tags);
    expect(tags.get('og:title')).toBe('Pay Valley Medical Group — Papaya');
    expect(tags.get('og:url')).toBe('https://papaya.test/valleymed');
    expect(tags.has('robots')).toBe(false);
  });

  it('a texted short link ends at that page with its card', async () => {
    const { res, html, hops } = await fetchAsPreview(await shortLinkTo('/valleymed?ref=sms'), ua);
    expect(hops).toEqual(['302 /valleymed?ref=sms']);
    expect(res.status).toBe(200);
    const tags = previewTags(html);
    expectCard(tags);
    expect(tags.get('og:title')).toBe('Pay Valley Medical Group — Papaya');
  });

  it.each(TOKEN_PAGES)('%s: a card naming nobody, noindex, the token nowhere on it', async (_page, path, secrets) => {
    const { res, html, hops } = await fetchAsPreview(path, ua);
    expect(hops).toEqual([]);
    expect(res.status).toBe(200);
    const tags = previewTags(html);
    expectCard(tags);
    expect(tags.get('robots')).toBe('noindex');
    const card = [...tags.values()].join('\n');
    for (const secret of secrets) expect(card).not.toContain(secret);
    expect(tags.get('og:url')).not.toContain('?');
  });
});

describe('the preview card', () => {
  it('its image is a real 1200×630 PNG that answers 200, and the home-screen icon a 180×180 PNG', async () => {
    for (const [path, width, height] of [
      ['/images/preview.png', 1200, 630],
      ['/apple-touch-icon.png', 180, 180],
    ] as const) {
      const res = await request(embeddedEnv(), path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('image/png');
      const png = new DataView(await res.arrayBuffer());
      expect(png.getUint32(0)).toBe(0x89504e47);
      expect([png.getUint32(16), png.getUint32(20)], path).toEqual([width, height]);
    }
  });

  it('is on every page of the route table', async () => {
    let pages = 0;
    for (const [path, ua, expected] of ROUTE_TABLE) {
      if (expected.status !== 200) continue;
      const res = await request(embeddedEnv(), path, { headers: { 'User-Agent': ua } });
      if (!res.headers.get('Content-Type')?.startsWith('text/html')) continue;
      expectCard(previewTags(await res.text()));
      pages++;
    }
    expect(pages).toBeGreaterThan(40);
  });

  it('a person on a phone is still sent on where a preview fetcher gets the page', async () => {
    const res = await request(embeddedEnv(), '/valleymed', { headers: { 'User-Agent': IPHONE } });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toContain(env.WEB_PAY_URL);
  });
});
