import assets from '../../dist/client/.vite/worker-assets.json';

/** The client build's stylesheet, hashed (written by the build beside Vite's manifest). */
export const stylesheetHref = assets.stylesheet;
/** The local charts' stylesheet (uPlot's, and the figures'), hashed: only `/_dev/charts` links it. */
export const chartsStylesheetHref = assets.chartsStylesheet;
/** The page's one script (`client/boot.ts`), which loads the islands' entry after the page has loaded. */
export const entryScriptSrc = assets.boot;

/** The boot script's integrity (sha384 of the bytes the build wrote): the browser runs nothing else under its name. */
export const entryScriptIntegrity = assets.integrity[assets.boot as keyof typeof assets.integrity] as string;

const integrity = assets.integrity as Record<string, string>;
const islandChunks = assets.chunks.islands as Record<string, string[]>;
const importMaps = new Map<string, string>();

/**
 * The import map that vouches for every script a page with these islands can load after the boot
 * script (`import()` of the entry, its islands, their shared chunks and the masks): each address
 * with its sha384, and no other island's. A chunk whose bytes differ is refused by the browser.
 * It must come before any module script. Made once per set of islands.
 */
export function scriptImportMap(islands: Iterable<string>): string {
  const names = [...islands].sort();
  const name = names.join(' ');
  let map = importMaps.get(name);
  if (map === undefined) {
    const files = new Set([...assets.chunks.page, ...names.flatMap((island) => islandChunks[island] ?? [])]);
    const vouched = Object.fromEntries([...files].sort().map((file) => [file, integrity[file]!]));
    map = JSON.stringify({ integrity: vouched }).replace(/</g, '\\u003c');
    importMaps.set(name, map);
  }
  return map;
}
