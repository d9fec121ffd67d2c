import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No module of the site, its islands or the alerts Worker imports itself back through others:
 * every relative import, export-from and dynamic import (types included) is an arrow, and the
 * arrows must not close a circle.
 */
const root = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['src', 'client', 'alerts'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === '.wrangler' || name === 'node_modules') return [];
    return statSync(full).isDirectory() ? filesUnder(full) : /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]*)['"]/gm;

function arrows(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCES.flatMap((dir) => filesUnder(path.join(root, dir)))) {
    const text = readFileSync(file, 'utf8');
    const to = [...text.matchAll(IMPORT)].map((m) => resolve(file, m[1]!)).filter((f): f is string => !!f && /\.(ts|tsx)$/.test(f));
    graph.set(file, to);
  }
  return graph;
}

/** Every circle, each named once by its files from the first one found. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)).map((f) => path.relative(root, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  it('close no circle', () => {
    const graph = arrows();
    expect(graph.size).toBeGreaterThan(150);
    expect(circles(graph)).toEqual([]);
  });

  it('the check finds a circle when there is one', () => {
    const a = path.join(root, 'a.ts');
    const b = path.join(root, 'b.ts');
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
  });
});
