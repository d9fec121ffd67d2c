import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the bench
import { buildWorker, ROOT } from '../bench/server.mjs';
// @ts-expect-error: a plain .mjs module of the bench
import { WORKER_BUNDLE_BUDGET } from '../bench/pages.mjs';

/**
 * The Worker as `wrangler deploy --env production` builds it (the bench's build): within its gzip
 * budget, drawing pages with React's production string renderer, and carrying none of the islands'
 * browser-only code (decision 019).
 */
type Metafile = { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
let built: { gzipBytes: number; bundle: string };
let inputs: string[];

describe('the Worker as deployed', () => {
  beforeAll(() => {
    built = buildWorker();
    // The modules with code in the bundle, by esbuild's metafile (a module read but shaken out adds 0 bytes).
    const meta = JSON.parse(readFileSync(join(ROOT, 'test/bench/.out/worker-meta.json'), 'utf8')) as Metafile;
    const [, output] = Object.entries(meta.outputs).find(([name]) => name.endsWith('.js'))!;
    inputs = Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : []));
  }, 240_000);

  it('is within its budget, gzip', () => {
    expect(built.gzipBytes).toBeLessThanOrEqual(WORKER_BUNDLE_BUDGET);
  });

  it("draws pages with React's production string renderer, not the streaming one", () => {
    expect(inputs).toContain('node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js');
    expect(inputs.filter((input) => /react-dom-server\.(edge|browser|node)\./.test(input))).toEqual([]);
  });

  it("leaves out what only the browser runs: the card form's sender and imask", () => {
    expect(inputs).not.toContain('client/components/payment-send.ts');
    expect(inputs.filter((input) => input.includes('node_modules/imask'))).toEqual([]);
  });
});
