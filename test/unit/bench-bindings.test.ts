import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the bench
import { benchBindings, productionConfig, UNBOUND } from '../bench/bindings.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** wrangler.toml with `extra` added, in a folder of its own beside a copy of what it names. */
function configWith(extra: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bindings-'));
  writeFileSync(path.join(dir, 'wrangler.toml'), `${readFileSync(path.join(root, 'wrangler.toml'), 'utf8')}\n${extra}\n`);
  copyFileSync(path.join(root, 'tsconfig.worker.json'), path.join(dir, 'tsconfig.worker.json'));
  return productionConfig(path.join(dir, 'wrangler.toml'));
}

type Bound = { bindings: string[]; unbound: string[] };
const named = (bound: Bound) => bound.bindings.map((b) => /^\(name = "([^"]+)"/.exec(b)![1]);

describe("the bench's bindings, from wrangler.toml's production environment", () => {
  it('binds every binding production has, or says why not', () => {
    const config = productionConfig();
    const bound = benchBindings(config) as Bound;
    expect(named(bound).sort()).toEqual(['ASSETS', 'CACHE', 'CLAIMS', 'GUARD', 'LINKS', 'VERSION']);
    expect(bound.bindings).toContain('(name = "CLAIMS", durableObjectNamespace = "PaymentClaim")');
    expect(bound.unbound).toEqual(['analytics_engine_datasets']);
    expect(Object.keys(UNBOUND)).toEqual(['analytics_engine_datasets']);
    expect(config.analytics_engine_datasets.map((d: { binding: string }) => d.binding)).toEqual(['EVENTS']);
  });

  it('a binding added to wrangler.toml is in the bench at once; one it has no stand-in for stops it, named', () => {
    const added = benchBindings(
      configWith(
        '[[env.production.kv_namespaces]]\nbinding = "RECEIPTS"\nid = "x"\n\n[[env.production.durable_objects.bindings]]\nname = "HOLDS"\nclass_name = "PaymentClaim"',
      ),
    ) as Bound & { kv: string[] };
    expect(named(added)).toEqual(expect.arrayContaining(['RECEIPTS', 'HOLDS']));
    expect(added.kv).toContain('kv-receipts');
    expect(() => benchBindings(configWith('[[env.production.r2_buckets]]\nbinding = "FILES"\nbucket_name = "files"'))).toThrow(
      /no stand-in for r2_buckets/,
    );
  });
});
