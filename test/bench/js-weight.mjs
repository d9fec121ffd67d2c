// The JavaScript a visitor downloads before a page is usable: the page's own script and
// modulepreload tags, inline scripts, the islands' entry and the chunk of every island on the
// page (loaded once the page has loaded), and every module those import statically, gzip-compressed.
// And once the page is idle: the same, with every module the islands load later (`import()` of the
// input masks, loaded at first focus or when the browser is idle) and the Web Vitals beacon the
// entry loads after \`load\` — but not the entry's \`import()\`s of islands the page does not have.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const ISLAND = /\bdata-island="([a-z-]+)"/g;
/** The island chunks the build made, by island name, and the islands' entry (`boot` imports it once the page has loaded). */
function islandFiles() {
  const manifest = JSON.parse(readFileSync(new URL('../../dist/client/.vite/manifest.json', import.meta.url), 'utf8'));
  return Object.fromEntries(
    Object.entries(manifest)
      .filter(([key]) => key.startsWith('client/islands/'))
      .map(([key, chunk]) => [key.slice('client/islands/'.length).replace(/\.tsx$/, ''), `/${chunk.file}`])
      .concat([['(entry)', `/${manifest['client/entry.ts'].file}`]]),
  );
}

const LINK = /<link\b([^>]*)>/gi;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const attr = (attrs, name) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(attrs)?.[1];
/** Static `import … from "x"`, `import "x"` and `export … from "x"`; `import("x")` is left out (loaded later, on demand). */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+)["']/g;
/** `import("x")`: loaded later, when a field is first focused or the browser is idle. */
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g;

export function scriptsOf(html, pageUrl) {
  const urls = [];
  const inline = [];
  for (const [, attrs] of html.matchAll(LINK)) {
    const rel = attr(attrs, 'rel');
    const href = attr(attrs, 'href');
    if (href && (rel === 'modulepreload' || (rel === 'preload' && attr(attrs, 'as') === 'script'))) urls.push(new URL(href, pageUrl).href);
  }
  for (const [, attrs, body] of html.matchAll(SCRIPT)) {
    const src = attr(attrs, 'src');
    const type = attr(attrs, 'type');
    if (src) urls.push(new URL(src, pageUrl).href);
    else if ((!type || type === 'module' || type === 'text/javascript') && body.trim()) inline.push(body);
  }
  if (urls.length) {
    const files = islandFiles();
    const islands = [...html.matchAll(ISLAND)].map((m) => m[1]);
    if (islands.length) urls.push(new URL(files['(entry)'], pageUrl).href);
    for (const name of islands) if (files[name]) urls.push(new URL(files[name], pageUrl).href);
  }
  return { urls, inline };
}

/**
 * gzip bytes of every script the page needs before it is usable, and the list of files; with
 * `idle`, also what its islands load once the page is idle.
 */
export async function javascriptBeforeUsable(html, pageUrl, fetchText = (u) => fetch(u).then((r) => r.text()), { idle = false } = {}) {
  const { urls, inline } = scriptsOf(html, pageUrl);
  const built = islandFiles();
  const entry = urls.length ? new URL(built['(entry)'], pageUrl).href : undefined;
  const islandChunks = new Set(Object.entries(built).flatMap(([name, file]) => (name === '(entry)' ? [] : [file])));
  const seen = new Map();
  const queue = [...urls];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    const source = await fetchText(url);
    seen.set(url, source);
    const imports = [...source.matchAll(STATIC_IMPORT)];
    if (idle) imports.push(...source.matchAll(DYNAMIC_IMPORT));
    for (const [, spec] of imports) {
      if (!spec.startsWith('.') && !spec.startsWith('/')) continue;
      const next = new URL(spec, url).href;
      // The entry's `import()`s are every island's chunk: only the page's own islands, and the Web Vitals beacon, load.
      if (url === entry && islandChunks.has(new URL(next).pathname) && !urls.includes(next)) continue;
      queue.push(next);
    }
  }
  const gzip = (text) => gzipSync(Buffer.from(text)).length;
  const files = [...seen].map(([url, source]) => ({
    path: new URL(url).pathname,
    bytes: Buffer.byteLength(source),
    gzipBytes: gzip(source),
  }));
  const inlineGzip = inline.reduce((sum, body) => sum + gzip(body), 0);
  return { gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) + inlineGzip, files, inlineScripts: inline.length };
}
