import { describe, expect, it } from 'vitest';
import { DESKTOP } from '../helpers';
import { embeddedEnv, request } from '../origin-helpers';

const get = (path: string) => request(embeddedEnv(), path, { headers: { 'User-Agent': DESKTOP } });

describe('one address per page', () => {
  it.each([
    ['/valleymed/', '/valleymed'],
    ['/pay/', '/pay'],
    ['/pay/?p=valleymed', '/pay?p=valleymed'],
    ['/web-payment/?p=1001&g=1', '/web-payment?p=1001&g=1'],
    ['/valleymed//', '/valleymed'],
  ])('%s is sent once, for good, to %s, where the page is', async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe(to);
    const page = await get(to);
    expect(page.status).toBe(200);
  });

  it('a language chosen with the switch is remembered on the way, and the address keeps it', async () => {
    const res = await get('/valleymed/?lang=es');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/valleymed?lang=es');
    expect(res.headers.get('Set-Cookie')).toMatch(/^lang=es;/);
    expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a path that would name another host is not sent anywhere', async () => {
    const res = await get('//evil.example/');
    expect(res.headers.get('Location') ?? '').not.toMatch(/^\/\/|evil/);
  });

  it('an encoded slash at the end is part of the name, never sent to itself', async () => {
    for (const path of ['/valleymed%2F', '/valleymed%2f', '/pay%2F?p=1001']) {
      const res = await get(path);
      expect(res.status, path).not.toBe(301);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('the home page and posts are left as they are', async () => {
    expect((await get('/')).status).not.toBe(301);
    const post = await request(embeddedEnv(), '/valleymed/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(post.status).not.toBe(301);
  });
});
