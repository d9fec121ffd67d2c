import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from 'web-vitals';
import { GOOD, VITAL_COLUMNS } from '../../alerts/vitals';
// @ts-expect-error: a plain .mjs module of the bench
import { VITALS_CHUNK_JS } from '../bench/pages.mjs';
import { EVENT_LAYOUT } from '../../src/telemetry/events';
import { GOOD_MS, VITAL_NAMES } from '../../src/domain/vitals';

const root = path.resolve(import.meta.dirname, '../..');
const KIB = 1024;

describe('the Web Vitals beacon, as every page with islands carries it', () => {
  it('the loader adds at most 300 B gzip to the entry; the beacon is its own chunk of at most 4 KiB gzip, loaded by the entry alone', async () => {
    // The loader minified alone: its gzip is more than it adds to the entry's stream.
    const loader = await build({
      entryPoints: [path.join(root, 'client/vitals-loader.ts')],
      bundle: true,
      external: ['./vitals'],
      format: 'esm',
      minify: true,
      target: 'es2020',
      write: false,
    });
    expect(gzipSync(loader.outputFiles[0]!.contents).length).toBeLessThanOrEqual(300);

    const manifest = JSON.parse(readFileSync(path.join(root, 'dist/client/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[]; dynamicImports?: string[] }
    >;
    const chunk = manifest['client/vitals.ts'];
    expect(chunk, 'the build has the beacon as a chunk of its own (npm run build:client)').toBeDefined();
    const weight = gzipSync(readFileSync(path.join(root, 'dist/client', chunk!.file))).length;
    expect(weight).toBeLessThanOrEqual(4 * KIB);
    // The bench's idle budgets rose by the chunk's size when it came: a chunk that grew is measured again and said.
    expect(weight, 'VITALS_CHUNK_JS in test/bench/pages.mjs').toBeLessThanOrEqual(VITALS_CHUNK_JS);
    // Nothing but the entry's import() reaches it: no page loads it before the entry, and the entry does not import it statically.
    const importers = Object.entries(manifest).filter(
      ([, c]) => c.imports?.includes('client/vitals.ts') || c.dynamicImports?.includes('client/vitals.ts'),
    );
    expect(importers.map(([key, c]) => [key, !!c.dynamicImports?.includes('client/vitals.ts')])).toEqual([['client/entry.ts', true]]);
  });

  it("the operators' thresholds are web.dev's, as the web-vitals library rates them, and their columns the event's", () => {
    expect([GOOD.lcp, GOOD.inp, GOOD.cls, GOOD.ttfb, GOOD.fcp]).toEqual([
      LCPThresholds[0],
      INPThresholds[0],
      CLSThresholds[0],
      TTFBThresholds[0],
      FCPThresholds[0],
    ]);
    expect([GOOD_MS.LCP, GOOD_MS.INP]).toEqual([LCPThresholds[0], INPThresholds[0]]);
    const doubles: readonly string[] = EVENT_LAYOUT.vitals.doubles;
    for (const [vital, column] of Object.entries(VITAL_COLUMNS)) expect(column).toBe(`double${doubles.indexOf(vital) + 1}`);
    expect(doubles.slice(0, VITAL_NAMES.length)).toEqual(VITAL_NAMES.map((name) => name.toLowerCase()));
    expect(EVENT_LAYOUT.vitals.blobs.slice(0, 2)).toEqual(['route', 'device']);
  });
});
