import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md's folder map is the tree: every folder of the project (and each first-level
 * folder of src/, client/ and test/) has its row, and every path a row names exists.
 */
const root = path.resolve(import.meta.dirname, '../..');
const architecture = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
const map = architecture.slice(architecture.indexOf('## Folders'), architecture.indexOf('## Allowed imports'));
/** The paths the first column of the map names. */
const named = map
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));

/** Not the project's own: what installs, builds and test runs leave. */
const LEFT_BY_TOOLS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !LEFT_BY_TOOLS.has(entry.name))
    .map((entry) => `${dir ? `${dir}/` : ''}${entry.name}/`);

describe("ARCHITECTURE.md's folder map", () => {
  it('has a row for every folder of the tree', () => {
    const tree = [...folders(''), ...folders('src'), ...folders('client'), ...folders('test')].filter(
      (folder) => !['src/', 'client/', 'test/'].includes(folder),
    );
    expect(tree.length).toBeGreaterThan(20);
    expect(tree.filter((folder) => !named.includes(folder))).toEqual([]);
  });

  it('names only paths that exist', () => {
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((p) => !existsSync(path.join(root, p)))).toEqual([]);
  });
});
