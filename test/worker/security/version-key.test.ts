import { describe, expect, it } from 'vitest';
import { VERSION_KEY_COOKIE, VERSION_KEY_MAX_AGE_S } from '../../../src/security/version-key';
import { dataset, embeddedEnv, request } from '../origin-helpers';

/**
 * The version-affinity cookie (decision 017, docs/security.md): the zone's rule gives a visitor
 * without the cookie a new key in `Cloudflare-Workers-Version-Key`; the Worker keeps that key as
 * the cookie, so the visitor's next requests (its scripts too) carry it and reach the same version.
 */
const KEY = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const keyCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${VERSION_KEY_COOKIE}=`));

describe('the version-affinity cookie', () => {
  it("keeps the key the zone's rule made for a first request: __Host-, Secure, Path=/, HttpOnly, SameSite=Lax, a day", async () => {
    const res = await request(embeddedEnv(), '/web-payment?p=1001', { headers: { 'Cloudflare-Workers-Version-Key': KEY } });
    expect(res.status).toBe(200);
    const cookie = keyCookie(res)!;
    expect(cookie.split('; ')[0]).toBe(`__Host-papaya_version=${KEY}`);
    expect(cookie.split('; ').slice(1).sort()).toEqual(
      ['HttpOnly', `Max-Age=${VERSION_KEY_MAX_AGE_S}`, 'Path=/', 'SameSite=Lax', 'Secure'].sort(),
    );
    expect(VERSION_KEY_MAX_AGE_S).toBe(86_400);
  });

  it('sets nothing when the cookie already holds the key, when no rule made one, or when the header is not a key the rule makes', async () => {
    for (const headers of <Array<Record<string, string>>>[
      { 'Cloudflare-Workers-Version-Key': KEY, Cookie: `${VERSION_KEY_COOKIE}=${KEY}` },
      {},
      { 'Cloudflare-Workers-Version-Key': 'visitor-1; Domain=evil.test' },
      { 'Cloudflare-Workers-Version-Key': '' },
    ]) {
      const res = await request(embeddedEnv(), '/web-payment?p=1001', { headers });
      expect(res.status).toBe(200);
      expect(keyCookie(res), JSON.stringify(headers)).toBeUndefined();
    }
  });

  it('is never set on an answer a cache may share (a hashed script)', async () => {
    const page = await (await request(embeddedEnv(), '/web-payment?p=1001')).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+)"/.exec(page)![1]!;
    const asset = await request(embeddedEnv(), script, { headers: { 'Cloudflare-Workers-Version-Key': KEY } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Cache-Control')).toContain('public');
    expect(keyCookie(asset)).toBeUndefined();
    const res = await request(embeddedEnv(), '/web-payment?p=1001', { headers: { 'Cloudflare-Workers-Version-Key': KEY } });
    expect(keyCookie(res)).toBeDefined();
  });

  it('is never in an event', async () => {
    const { binding, events } = dataset();
    await request(embeddedEnv({ EVENTS: binding } as Partial<Env>), '/web-payment?p=1001', {
      headers: { 'Cloudflare-Workers-Version-Key': KEY },
    });
    expect(events().length).toBeGreaterThan(0);
    expect(JSON.stringify(events())).not.toContain(KEY);
  });

  it('is named in the privacy policy, with its purpose and its life, in English and in Spanish', async () => {
    for (const [path, words] of [
      ['/privacy', ['keeps each visitor on one version of our pages', 'expires after 24 hours.']],
      ['/privacy?lang=es', ['mantiene a cada visitante en una misma versión de nuestras páginas', 'caduca a las 24 horas.']],
    ] as const) {
      const html = await (await request(embeddedEnv(), path)).text();
      expect(html, path).toContain(`, ${VERSION_KEY_COOKIE}, `);
      for (const word of words) expect(html, path).toContain(word);
    }
  });
});
