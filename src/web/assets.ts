import manifest from '../../dist/client/.vite/manifest.json';
import type { IslandName } from '../domain/islands';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const chunks = manifest as Record<string, ManifestChunk>;

function fileOf(key: string): string {
  const chunk = chunks[key];
  if (!chunk) throw new Error(`client build is missing ${key}; run npm run build:client`);
  return `/${chunk.file}`;
}

/** A chunk's file and every chunk it imports statically, for modulepreload tags. */
function withImports(key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = chunks[key];
  if (!chunk) return [];
  return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((k) => withImports(k, seen))];
}

export const stylesheetHref = fileOf('client/styles.css');
export const entryScriptSrc = fileOf('client/entry.ts');

/** Module files a page with these islands needs besides the entry script, so none waits on another. */
export function islandPreloads(islands: Iterable<IslandName>): string[] {
  const files = new Set(withImports('client/entry.ts'));
  for (const name of islands) {
    for (const file of withImports(`client/islands/${name}.tsx`)) files.add(file);
  }
  files.delete(entryScriptSrc);
  return [...files];
}
