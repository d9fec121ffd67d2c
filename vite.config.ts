import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig, runnerImport } from 'vite';
import type * as LegalBodies from './src/pages/legal/bodies';
import type * as Catalogues from './src/domain/catalogue/all';
import type * as Languages from './src/domain/catalogue/languages';

// Builds the browser side only: the boot script, the island entry, the islands and the
// stylesheet, hashed, with a manifest that the Worker reads to write the script and stylesheet
// tags. `static/` is copied as is.

// Vite wraps every dynamic import in a helper that preloads the imported chunk's CSS and static
// imports. The islands import no CSS and load after the page has painted, so nothing is worth
// preloading: the helper becomes a plain call, and its 1.3 KB gzip leave every form page.
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/** The files of the client build pages name, for the Worker: not the whole manifest. */
const WORKER_ASSETS = 'dist/client/.vite/worker-assets.json';

const LEGAL_SOURCES = 'src/pages/legal';

const CONTENTEDITABLE_STAND_IN = '\0imask-contenteditable-stand-in';

export default defineConfig({
  plugins: [
    {
      // What the Worker writes into every page: the stylesheet, the boot script, and the integrity
      // (sha384) of every script of the build, read back from the files as written to disk, for
      // the boot script's tag and the import map that vouches for every chunk a page loads after it.
      name: 'worker-assets',
      writeBundle({ dir }) {
        const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
          string,
          { file: string; imports?: string[]; dynamicImports?: string[] }
        >;
        const file = (key: string) => `/${manifest[key]!.file}`;
        const scripts = readdirSync(join(dir!, 'assets')).filter((name) => name.endsWith('.js'));
        const integrity = Object.fromEntries(
          scripts.sort().map((name) => [
            `/assets/${name}`,
            `sha384-${createHash('sha384')
              .update(readFileSync(join(dir!, 'assets', name)))
              .digest('base64')}`,
          ]),
        );
        const boot = file('client/boot.ts');
        // The scripts a page can load: the boot script, the entry and the Web Vitals beacon, then each of
        // its islands with what it imports, now or later (the masks); never the other islands the entry could load.
        const reach = (key: string, into = new Set<string>()): Set<string> => {
          const chunk = manifest[key]!;
          if (into.has(`/${chunk.file}`)) return into;
          into.add(`/${chunk.file}`);
          for (const next of chunk.imports ?? []) reach(next, into);
          for (const next of chunk.dynamicImports ?? [])
            if (key !== 'client/entry.ts' || !next.startsWith('client/islands/')) reach(next, into);
          return into;
        };
        const islands = Object.fromEntries(
          Object.keys(manifest)
            .filter((key) => key.startsWith('client/islands/'))
            .map((key) => [key.slice('client/islands/'.length).replace(/\.tsx$/, ''), [...reach(key)].sort()]),
        );
        const chunks = { page: [...reach('client/boot.ts')].sort(), islands };
        const assets = { stylesheet: file('client/styles.css'), chartsStylesheet: file('client/dev-charts.css'), boot, integrity, chunks };
        writeFileSync(WORKER_ASSETS, `${JSON.stringify(assets)}\n`);
      },
    },
    {
      // The legal documents as static HTML among the assets, where the Worker reads them.
      name: 'legal-documents',
      buildStart() {
        for (const file of readdirSync(LEGAL_SOURCES)) this.addWatchFile(join(LEGAL_SOURCES, file));
      },
      async writeBundle({ dir }) {
        const { module } = await runnerImport<typeof LegalBodies>(`./${LEGAL_SOURCES}/bodies.tsx`, {
          configFile: false,
          logLevel: 'warn',
        });
        const { LEGAL_DOCS, LEGAL_BODIES, legalDocumentPath } = module;
        for (const doc of LEGAL_DOCS) {
          const file = join(dir!, legalDocumentPath(doc));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, renderToStaticMarkup(createElement(LEGAL_BODIES[doc])));
        }
      },
    },
    {
      // Every language's words but English's as JSON among the assets, where the Worker reads them
      // once per isolate: they stay out of the Worker's bundle (src/domain/catalogue/index.ts).
      name: 'catalogues',
      async writeBundle({ dir }) {
        const load = <T>(path: string) => runnerImport<T>(path, { configFile: false, logLevel: 'warn' }).then((r) => r.module);
        const { CATALOGUES } = await load<typeof Catalogues>('./src/domain/catalogue/all.ts');
        const { catalogueAssetPath, DEFAULT_LANGUAGE } = await load<typeof Languages>('./src/domain/catalogue/languages.ts');
        for (const [language, words] of Object.entries(CATALOGUES)) {
          if (language === DEFAULT_LANGUAGE) continue;
          const file = join(dir!, catalogueAssetPath(language as keyof typeof CATALOGUES));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, JSON.stringify(words));
        }
      },
    },
    {
      // imask's core also carries a control for contenteditable elements, made only for an element
      // that is contenteditable and no <input>. Every masked field here is an <input> (`useMask`),
      // so that control is never made: it is left out of the masks' chunk.
      name: 'inputs-only-masks',
      enforce: 'pre',
      resolveId(source, importer) {
        if (source.endsWith('/html-contenteditable-mask-element.js') && importer && /[\\/]imask[\\/]esm[\\/]/.test(importer))
          return CONTENTEDITABLE_STAND_IN;
      },
      load(id) {
        if (id === CONTENTEDITABLE_STAND_IN)
          return 'export default class { constructor() { throw new Error("only <input> fields are masked"); } }';
      },
    },
    {
      // imask's pattern definition of a letter (`a`) is a regular expression of every letter range of
      // Unicode, spelled out (about 1 KB gzip in every masked page); `\p{L}` says the same in five
      // characters (ES2018, within this build's ES2020). No mask of the site uses `a`, but it stays right.
      name: 'imask-letters',
      enforce: 'pre',
      transform(code, id) {
        if (!/[\\/]imask[\\/]esm[\\/]masked[\\/]pattern[\\/]input-definition\.js$/.test(id)) return null;
        const letters = /'a': \/\[\\u0041-[^\n]*\/,\n/;
        if (!letters.test(code)) throw new Error('imask-letters: the letter definition of imask has changed; look again');
        return { code: code.replace(letters, "'a': /\\p{L}/u,\n"), map: null };
      },
    },
    {
      name: 'plain-dynamic-import',
      enforce: 'pre',
      load(id) {
        if (id === PRELOAD_HELPER) return 'export const __vitePreload = (load) => load();';
      },
      // Each wrapped import back to the plain `import()` it was.
      renderChunk(code) {
        const plain = code.replace(
          /__vitePreload\(\(\) => (import\("[^"]+"\)(?:\.then\(\((\w+)\) => \2\.\w+\))?), __VITE_PRELOAD__\)/g,
          '$1',
        );
        return plain === code ? null : { code: plain, map: null };
      },
    },
  ],
  publicDir: 'static',
  // Code only the browser runs (client/components/typed-early.ts); the Worker's build says false.
  define: { BROWSER_BUILD: 'true' },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    modulePreload: false,
    rollupOptions: {
      input: ['client/boot.ts', 'client/styles.css', 'client/dev-charts.css'],
      // The domain modules the islands share with the Worker only declare constants, rules and
      // functions: importing one for a name never needs the rest of it to run.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]domain[\\/]/.test(id) },
      output: {
        // The input-mask library, loaded when a masked field is first focused or the page is idle,
        // is named for what it is (the payment script inventory lists chunks by name): its core with
        // the pattern masks, and the number and dynamic kinds only the payment form loads.
        manualChunks: (id) => {
          if (!id.includes('/node_modules/imask/')) return undefined;
          if (id.includes('/imask/esm/masked/number')) return 'imask-number';
          if (id.includes('/imask/esm/masked/dynamic')) return 'imask-dynamic';
          return 'imask';
        },
      },
    },
  },
});
