import { defineConfig } from 'vite';

// Builds the browser side only: the boot script, the island entry, the islands and the
// stylesheet, hashed, with a manifest that the Worker reads to write the script and stylesheet
// tags. `static/` is copied as is.

// Vite wraps every dynamic import in a helper that preloads the imported chunk's CSS and static
// imports. The islands import no CSS and load after the page has painted, so nothing is worth
// preloading: the helper becomes a plain call, and its 1.3 KB gzip leave every form page.
const PRELOAD_HELPER = '\0vite/preload-helper.js';

export default defineConfig({
  plugins: [
    {
      name: 'plain-dynamic-import',
      enforce: 'pre',
      load(id) {
        if (id === PRELOAD_HELPER) return 'export const __vitePreload = (load) => load();';
      },
    },
  ],
  publicDir: 'static',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2019',
    modulePreload: false,
    rollupOptions: {
      input: ['client/boot.ts', 'client/styles.css'],
      output: {
        // The input-mask library, loaded when a masked field is first focused or the page is idle,
        // is named for what it is (the payment script inventory lists chunks by name).
        manualChunks: (id) => (id.includes('/node_modules/imask/') ? 'imask' : undefined),
      },
    },
  },
});
