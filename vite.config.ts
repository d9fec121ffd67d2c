import { defineConfig } from 'vite';

// Builds the browser side only: the island entry and the stylesheet, hashed, with a manifest
// that the Worker reads to write script, preload and stylesheet tags. `static/` is copied as is.
export default defineConfig({
  publicDir: 'static',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2019',
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
