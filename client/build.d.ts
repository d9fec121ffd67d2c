/**
 * Set by each build (`define`): true in the browser's (`vite.config.ts`), false in the Worker's
 * (`wrangler.toml`). A hook that only acts in the browser (effects, handlers) is chosen by it, so the
 * Worker, which draws the islands and never runs an effect or a handler, carries none of it.
 */
declare const BROWSER_BUILD: boolean;
