import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IsolateMemo } from '../../../src/lib/isolate-memo';
import { edgeCached, type Kept } from '../../../src/origin/edge-cache';
import type { OriginResult } from '../../../src/origin/result';
import { FLAG_CACHE_KEY, forgetRedirectFlag } from '../../../src/origin/feature-flags';
import { Guard } from '../../../src/security/guard';
import { originForRequest } from '../../../src/origin';
import { readConfig } from '../../../src/settings/config';
import { IPHONE } from '../helpers';
import { httpEnv, injectFault, request, resetStandIn, standInCalls } from '../origin-helpers';

/**
 * The edge cache under a crowd: a text blast's first minute sends many new isolates to the same
 * stale copy at once. KV takes one write a second per key (Cloudflare, KV limits), so one request
 * a second refreshes it, after its answer; every visitor is answered from the copy at once.
 */
const RULES = { freshMs: 60_000, staleMs: 24 * 60 * 60_000, memoryMs: 60_000, refreshingMs: 10_000, keepS: 3600, lastGood: true };
const guard = () => new Guard(env.GUARD, readConfig(httpEnv()));
const lease = (key: string) =>
  guard()
    .take({ policy: 'cacheWritesPerKey', subject: key })
    .then((d) => d.allowed);

/** One new isolate's request: a memory of its own, its after-the-answer work collected. */
async function isolateAsks(key: string, load: () => Promise<OriginResult<string>>, later: Promise<unknown>[]) {
  return edgeCached(env.CACHE, new IsolateMemo<Kept<string>>(10), key, RULES, load, (work) => void later.push(work), lease);
}

describe('a stale copy at the edge, found by a crowd of new isolates', () => {
  afterEach(() => vi.useRealTimers());

  it('50 isolates in one second: every one answers from the copy at once, and one asks the backend and writes', async () => {
    const key = `edge-cache-test:${crypto.randomUUID()}`;
    const now = Date.now();
    await env.CACHE.put(key, JSON.stringify({ value: 'old', at: now - 2 * 60_000 }));
    let loads = 0;
    const load = async (): Promise<OriginResult<string>> => ({ ok: true, value: `new ${++loads}` });
    const later: Promise<unknown>[] = [];
    const answers = await Promise.all(Array.from({ length: 50 }, () => isolateAsks(key, load, later)));
    expect(answers.every((a) => a.ok && a.value === 'old')).toBe(true);
    await Promise.all(later);
    expect(loads).toBe(1);
    expect(await env.CACHE.get<Kept<string>>(key, 'json')).toMatchObject({ value: 'new 1' });
  });

  it('a key no isolate has: each visitor waits on the backend once, and one of them writes the copy', async () => {
    const key = `edge-cache-test:${crypto.randomUUID()}`;
    let loads = 0;
    const load = async (): Promise<OriginResult<string>> => ({ ok: true, value: `answer ${++loads}` });
    const later: Promise<unknown>[] = [];
    const puts: string[] = [];
    const kv = new Proxy(env.CACHE, {
      get: (target, property) =>
        property === 'put'
          ? (name: string, value: string, options: KVNamespacePutOptions) => (puts.push(name), target.put(name, value, options))
          : (Reflect.get(target, property) as (...a: unknown[]) => unknown).bind(target),
    });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        edgeCached(kv, new IsolateMemo<Kept<string>>(10), key, RULES, load, (work) => void later.push(work), lease),
      ),
    );
    await Promise.all(later);
    expect(loads).toBe(20);
    expect(puts).toEqual([key]);
  });
});

describe('the redirect flag at the edge, through the Worker', () => {
  beforeEach(async () => {
    await resetStandIn();
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  const flagCalls = async () => (await standInCalls()).filter((call) => call.path.startsWith('/api/unleash'));
  const visit = () => request(httpEnv(), '/valleymed', { headers: { 'User-Agent': IPHONE, 'CF-Connecting-IP': '198.51.100.7' } });

  it('a stale copy is served and refreshed after the answer; a failed refresh keeps it, and a later second tries again', async () => {
    const now = Date.now() + 60 * 60_000;
    vi.setSystemTime(now);
    await env.CACHE.put(FLAG_CACHE_KEY, JSON.stringify({ value: 'off', at: now - 2 * 60_000 }));
    await injectFault('/api/unleash', 'status-500');
    forgetRedirectFlag();
    // The stale copy says `off`: the pay page, not web pay.
    expect((await visit()).status).toBe(200);
    expect(await flagCalls()).toHaveLength(1);
    expect((await env.CACHE.get<Kept<string>>(FLAG_CACHE_KEY, 'json'))!.at).toBe(now - 2 * 60_000);
    vi.setSystemTime(now + 1500);
    await resetStandIn();
    forgetRedirectFlag();
    expect((await visit()).status).toBe(200);
    expect(await flagCalls()).toHaveLength(1);
    // The backend's flag is on: the copy written, the next phone goes to web pay.
    expect(await env.CACHE.get<Kept<string>>(FLAG_CACHE_KEY, 'json')).toEqual({ value: 'on', at: now + 1500 });
    forgetRedirectFlag();
    expect((await visit()).status).toBe(302);
    expect(await flagCalls()).toHaveLength(1);
  });
});

describe("a request's payee, read once", () => {
  it('a payment and the page drawn again after it take one read; a read that may be stale never serves a payment', async () => {
    const door = originForRequest(
      httpEnv(),
      () => undefined,
      () => undefined,
      async () => false,
    );
    const page = door.cachedPayeeById('1001');
    expect(door.cachedPayeeById('1001')).toBe(page);
    const payment = door.cachedPayeeById('1001', { fresh: true });
    expect(payment).not.toBe(page);
    expect(door.cachedPayeeById('1001')).toBe(payment);
    expect(door.cachedPayeeById('1001', { fresh: true })).toBe(payment);
    expect((await payment).ok).toBe(true);
  });
});
