import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { embeddedEnv, freshClient, json, request } from '../origin-helpers';
import { visibleText } from '../helpers';

/** Each link from a client of its own: the limit per client has its own test. */
async function shorten(url: string, client = freshClient()): Promise<Response> {
  const init = json({ url });
  return request(embeddedEnv(), '/api/shorten_url.php?action=shorten_url', {
    ...init,
    headers: { ...(init.headers as Record<string, string>), 'CF-Connecting-IP': client },
  });
}

describe('short links', () => {
  it('one client may make 10 in 10 minutes, then 429 with a wait, and nothing more is stored', async () => {
    const client = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await shorten(`/valleymed?n=${i}`, client)).status);
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
    const refused = await shorten('/valleymed?n=last', client);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await refused.json<{ error: string }>()).error).toMatch(/^Too many short links were asked for from your connection\./);
    const { keys } = await env.LINKS.list();
    const targets = await Promise.all(keys.map(({ name }) => env.LINKS.get(name)));
    expect(targets.filter((t) => t?.includes('/valleymed?n='))).toHaveLength(10);
    // Another client is not held back by the first.
    expect((await shorten('/valleymed?n=other')).status).toBe(200);
  });

  it('round trip: a site path comes back as a 302 to the same path', async () => {
    const res = await shorten('/valleymed?ref=sms&x=1');
    expect(res.status).toBe(200);
    const { key } = await res.json<{ key: string }>();
    expect(key).toMatch(/^[A-Za-z0-9]{10}$/);
    const hop = await request(embeddedEnv(), `/s/${key}`);
    expect(hop.status).toBe(302);
    expect(hop.headers.get('Location')).toBe('/valleymed?ref=sms&x=1');
  });

  it('an absolute link on this site, the web-pay host and the stores are allowed', async () => {
    for (const [url, location] of [
      ['https://papaya.test/download?s=w', '/download?s=w'],
      [`${env.WEB_PAY_URL}/?referrer=x&device=mobile`, `${env.WEB_PAY_URL}/?referrer=x&device=mobile`],
      [env.APP_STORE_URL, env.APP_STORE_URL],
      [env.PLAY_STORE_URL, env.PLAY_STORE_URL],
    ]) {
      const { key } = await (await shorten(url!)).json<{ key: string }>();
      expect((await request(embeddedEnv(), `/s/${key}`)).headers.get('Location')).toBe(location);
    }
  });

  it('keys are different every time', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 20; i++) keys.add((await (await shorten('/pay')).json<{ key: string }>()).key);
    expect(keys.size).toBe(20);
  });

  it('an unknown key is the not-found page with 404', async () => {
    const res = await request(embeddedEnv(), '/s/AAAAAAAAAA');
    expect(res.status).toBe(404);
    expect(visibleText(await res.text())).toContain("Sorry! We can't find that page.");
  });

  it('a key of the wrong shape is refused before any KV read', async () => {
    for (const key of ['short', 'x'.repeat(11), 'AAAA-AAAAA', '%00AAAAAAAAA']) {
      expect((await request(embeddedEnv(), `/s/${key}`)).status).toBe(404);
    }
  });

  it('an expired key is the not-found page with 404', async () => {
    await env.LINKS.put('s:EXPIRED123', JSON.stringify({ url: '/pay', expiresAt: Date.now() - 1000 }));
    expect((await request(embeddedEnv(), '/s/EXPIRED123')).status).toBe(404);
  });

  it('a stored target that is no longer allowed is not followed', async () => {
    await env.LINKS.put('s:TAMPERED12', JSON.stringify({ url: 'https://evil.example/', expiresAt: Date.now() + 60_000 }));
    expect((await request(embeddedEnv(), '/s/TAMPERED12')).status).toBe(404);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'https://user:pass@papaya.test/pay',
    'https://papaya.test@evil.example/',
    'http://webpay.papayapay.com/',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '\t//evil.example',
    '/pay\n',
    'data:text/html,<script>alert(1)</script>',
    'https://apps.apple.com.evil.example/',
  ])('refuses to shorten %s', async (url) => {
    const res = await shorten(url);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'That link cannot be shortened.', fields: { url: expect.any(String) } });
  });
});
