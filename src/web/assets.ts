import assets from '../../dist/client/.vite/worker-assets.json';

/** The client build's stylesheet, hashed (written by the build beside Vite's manifest). */
export const stylesheetHref = assets.stylesheet;
/** The page's one script (`client/boot.ts`), which loads the islands' entry after the page has loaded. */
export const entryScriptSrc = assets.boot;
