import { execFileSync } from 'node:child_process';
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

  it('keeps each row short enough to read: a folder the table cannot say in a few lines has its note below it', () => {
    const long = map.split('\n').filter((line) => line.startsWith('| `') && line.length > 800);
    expect(long.map((line) => line.slice(0, 60))).toEqual([]);
  });

  it('names only paths that exist', () => {
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((p) => !existsSync(path.join(root, p)))).toEqual([]);
  });

  it("names in a row's other columns only files the project has, by their bare names too", () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    // Written by the client build, never tracked.
    const BUILT = new Set(['worker-assets.json']);
    // The table's rows, and the notes below it (`- **folder**: …`) read as rows.
    const missing = map
      .split('\n')
      .map((line) => line.replace(/^- \*\*(`.+?)\*\*: /, '| $1 | '))
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => {
        const [, first, ...rest] = line.split('|');
        return [...rest.join('|').matchAll(/`([^`/\s]+\.(?:ts|tsx|mjs|json|css|toml))`/g)]
          .map((m) => m[1]!)
          .filter((name) => !BUILT.has(name))
          .filter((name) => !tracked.some((file) => path.basename(file) === name))
          .map((name) => `${first!.trim()}: ${name}`);
      });
    expect(missing).toEqual([]);
  });
});

/** Every file the repository tracks, and every folder on their paths. */
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const known = new Set(
  tracked.flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/') + (i < parts.length - 1 ? '/' : ''))),
);

/**
 * The file and folder names written in code spans of a Markdown text: a name with a folder in it
 * and a file's extension (or a folder's closing slash), placeholders and patterns left out.
 */
function pathsNamed(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map((m) =>
      m[1]!
        .split('#')[0]!
        .replace(/:\d+$/, '')
        .replace(/[:,.]$/, ''),
    )
    .filter((t) => t.includes('/') && !/^(https?:|\/|~|\.\.?\/)/.test(t) && !/[<>*{}]/.test(t))
    .filter((t) => /(\.(ts|tsx|mjs|js|cjs|md|toml|json|css|sh|capnp|lua)|\/)$/.test(t))
    .filter((t) => !LEFT_BY_TOOLS.has(t.split('/')[0]!));
}

describe('the paths the docs name', () => {
  const docs = [
    'ARCHITECTURE.md',
    'README.md',
    ...readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];

  it('finds what a page names (the check itself)', () => {
    expect(
      pathsNamed('See `src/domain/demo.ts`, `web/form-post.ts#L3`, `alerts/`, `https://x.example/a.js` and `catalogue/<language>.json`.'),
    ).toEqual(['src/domain/demo.ts', 'web/form-post.ts', 'alerts/']);
  });

  it.each(docs)('%s names only files and folders that exist (a name may leave out the folders above it)', (doc) => {
    const missing = pathsNamed(readFileSync(path.join(root, doc), 'utf8')).filter(
      (name) => !known.has(name) && ![...known].some((p) => p.endsWith(`/${name}`)),
    );
    expect(missing).toEqual([]);
  });
});
