import manifest from '../../dist/client/.vite/manifest.json' with { type: 'json' };
import inventory from '../../src/security/payment-scripts.json' with { type: 'json' };

type Chunk = { file: string; name?: string; imports?: string[]; dynamicImports?: string[] };
const chunks = manifest as Record<string, Chunk>;
const byFile = new Map(Object.values(chunks).map((c) => [`/${c.file}`, c]));

/** The pages where card data is typed or a payment is shown. */
export const PAYMENT_PAGES = [
  '/web-payment',
  '/web-payment?p=1001',
  '/web-payment?p=1007',
  '/web-payment?p=1009&ib=1',
  '/web-payment-multi-option/harborhealth',
];

export const ALLOWED_CHUNKS = new Set(inventory.scripts.flatMap((s) => ('chunk' in s && s.chunk ? [s.chunk] : [])));
export const ALLOWED_URLS = new Set(inventory.scripts.flatMap((s) => ('url' in s && s.url ? [s.url] : [])));

/** What a script URL is in the inventory's terms: our chunk's name, or the URL itself. */
export function scriptIdentity(url: string, siteOrigin: string): string {
  const parsed = new URL(url, siteOrigin);
  if (parsed.origin === siteOrigin) {
    const chunk = byFile.get(parsed.pathname);
    return chunk?.name ? `chunk:${chunk.name}` : `unknown file:${parsed.pathname}`;
  }
  return `url:${parsed.href}`;
}

export function isInventoried(identity: string): boolean {
  if (identity.startsWith('chunk:')) return ALLOWED_CHUNKS.has(identity.slice(6));
  if (identity.startsWith('url:')) return ALLOWED_URLS.has(identity.slice(4));
  return false;
}

/** The chunks a script pulls in before it runs (its static imports, all the way down). */
export function staticImportsOf(path: string): string[] {
  const start = byFile.get(path);
  const seen = new Set<Chunk>();
  const walk = (c: Chunk | undefined) => {
    if (!c || seen.has(c)) return;
    seen.add(c);
    for (const key of c.imports ?? []) walk(chunks[key]);
  };
  walk(start);
  return [...seen].map((c) => `/${c.file}`);
}

/**
 * What a page's islands load after it has loaded: the islands' entry (imported by the boot
 * script) and each island's chunk, with their static imports.
 */
export function islandScriptsOf(html: string): string[] {
  const names = [...html.matchAll(/\bdata-island="([a-z-]+)"/g)].map((m) => m[1]!);
  if (!names.length) return [];
  const keys = ['client/entry.ts', ...names.map((n) => `client/islands/${n}.tsx`)];
  return keys.flatMap((key) => (chunks[key] ? staticImportsOf(`/${chunks[key].file}`) : []));
}

/**
 * What a page's islands load later, by `import()` (the masks, when a masked field is first
 * focused), with their static imports, and the Web Vitals beacon the entry loads after `load`:
 * never the entry's `import()`s of the islands of other pages.
 */
export function laterScriptsOf(html: string): string[] {
  const later = new Set<string>();
  const islands = [...html.matchAll(/\bdata-island="([a-z-]+)"/g)].map((m) => `client/islands/${m[1]!}.tsx`);
  if (islands.length) for (const file of staticImportsOf(`/${chunks['client/vitals.ts']!.file}`)) later.add(file);
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || key === 'client/entry.ts') return;
    seen.add(key);
    const chunk = chunks[key];
    for (const next of chunk?.imports ?? []) walk(next);
    for (const next of chunk?.dynamicImports ?? []) for (const file of staticImportsOf(`/${chunks[next]!.file}`)) later.add(file);
    for (const next of chunk?.dynamicImports ?? []) walk(next);
  };
  for (const island of islands) walk(island);
  return [...later];
}
