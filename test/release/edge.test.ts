import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain .mjs modules of the tier
import { CloudflareApi } from './cloudflare-api.mjs';
// @ts-expect-error: plain .mjs modules of the tier
import { Edge } from './edge.mjs';

/**
 * The stand-in edge keeps Cloudflare's rules for what versions share (gradual-deployments, "with
 * Durable Objects"): one KV whichever version reads it, and each Durable Object on the one version
 * the deployment assigns it, whichever version calls it. Two small versions tell which code answered.
 */
const SCRIPT = 'edge-probe';
const module = (tag: string) => `
import { DurableObject } from 'cloudflare:workers';
export class Probe extends DurableObject { tag() { return '${tag}'; } }
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/kv') {
      if (request.method === 'PUT') await env.KV.put('written-by', '${tag}');
      return new Response(await env.KV.get('written-by'));
    }
    const stub = env.PROBE.get(env.PROBE.idFromName(url.searchParams.get('name')));
    return new Response('${tag} called ' + (await stub.tag()));
  },
};`;
const version = (id: string, tag: string) => ({
  id,
  created_on: new Date().toISOString(),
  mainModule: 'index.js',
  modules: new Map([['index.js', { type: 'application/javascript+module', content: Buffer.from(module(tag)) }]]),
  bindings: [
    { type: 'kv_namespace', name: 'KV', namespace_id: 'probe-kv' },
    { type: 'durable_object_namespace', name: 'PROBE', class_name: 'Probe' },
  ],
  secrets: {},
  compatibilityDate: '2026-10-23',
  compatibilityFlags: [],
});
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

let api: InstanceType<typeof CloudflareApi>;
let edge: InstanceType<typeof Edge>;
/** A deployment of `versions`, its Durable Objects' code updated as asked (Cloudflare's default: deferred for 300 s). */
const deploy = (
  versions: Array<[string, number]>,
  codeUpdate: { mode: string; max_delay?: number } = { mode: 'deferred', max_delay: 300 },
) => {
  const id = crypto.randomUUID();
  api.script(SCRIPT).deployments.push({ id, versions: versions.map(([version_id, percentage]) => ({ version_id, percentage })) });
  api.doCodeUpdates.push({ script: SCRIPT, deployment: id, ...codeUpdate });
};
const ask = async (as: string, path: string, method = 'GET'): Promise<string> => {
  const { response } = await edge.fetch(
    new Request(`http://edge.test${path}`, { method, headers: { 'Cloudflare-Workers-Version-Overrides': `${SCRIPT}="${as}"` } }),
  );
  return response.text();
};
const names = Array.from({ length: 40 }, (_, i) => `object-${i}`);

describe('the stand-in edge: what versions share', () => {
  beforeAll(() => {
    api = new CloudflareApi({ account: 'edge-account', token: 'edge-token' });
    api.scripts.set(SCRIPT, { versions: [version(A, 'A'), version(B, 'B')], deployments: [], domains: [] });
    edge = new Edge(api, { script: SCRIPT, outbound: () => new Response('no such host', { status: 502 }) });
  });
  afterAll(() => edge?.close());

  it("at 0 % a new version has no object of its own: its calls reach the serving version's code", async () => {
    deploy([
      [B, 0],
      [A, 100],
    ]);
    for (const name of names.slice(0, 10)) expect(await ask(B, `/?name=${name}`)).toBe('B called A');
  });

  it('in a split each object runs one version, the same whichever version calls it; some run each', async () => {
    deploy([
      [B, 50],
      [A, 50],
    ]);
    const byA = await Promise.all(names.map((name) => ask(A, `/?name=${name}`)));
    const byB = await Promise.all(names.map((name) => ask(B, `/?name=${name}`)));
    expect(byA.map((a) => a.at(-1))).toEqual(byB.map((b) => b.at(-1)));
    expect(new Set(byA.map((a) => a.at(-1)))).toEqual(new Set(['A', 'B']));
  });

  it('KV is one store: what one version writes, the other reads, across deployments', async () => {
    expect(await ask(A, '/kv', 'PUT')).toBe('A');
    expect(await ask(B, '/kv')).toBe('A');
    deploy([[B, 100]], { mode: 'immediate' });
    expect(await ask(B, '/kv')).toBe('A');
    for (const name of names.slice(0, 10)) expect(await ask(B, `/?name=${name}`)).toBe('B called B');
  });

  it('deferred code updates: an object active when the deployment changes keeps its code until max_delay; one never active, and any after it, run the new code', async () => {
    // Every object runs A, and the first ten are active.
    deploy([[A, 100]], { mode: 'immediate' });
    for (const name of names.slice(0, 10)) expect(await ask(A, `/?name=${name}`)).toBe('A called A');
    edge.secondMs = 10;
    deploy([[B, 100]], { mode: 'deferred', max_delay: 300 });
    for (const name of names.slice(0, 10)) expect(await ask(B, `/?name=${name}`)).toBe('B called A');
    for (const name of names.slice(10, 20)) expect(await ask(B, `/?name=${name}`)).toBe('B called B');
    await new Promise((resolve) => setTimeout(resolve, 300 * 10));
    for (const name of names.slice(0, 10)) expect(await ask(B, `/?name=${name}`)).toBe('B called B');
    // Asked at once, every object takes the new code now.
    deploy([[A, 100]], { mode: 'immediate' });
    for (const name of names.slice(0, 20)) expect(await ask(A, `/?name=${name}`)).toBe('A called A');
    edge.secondMs = 1000;
  });
});
