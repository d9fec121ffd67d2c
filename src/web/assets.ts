import assets from '../../dist/client/.vite/worker-assets.json';

/** The client build's stylesheet, hashed (written by the build beside Vite's manifest). */
export const stylesheetHref = assets.stylesheet;
/** The page's one script (`client/boot.ts`), which loads the islands' entry after the page has loaded. */
export const entryScriptSrc = assets.boot;

/** The boot script's integrity (sha384 of the bytes the build wrote): the browser runs nothing else under its name. */
export const entryScriptIntegrity = assets.integrity[assets.boot as keyof typeof assets.integrity] as string;

/**
 * The import map that vouches for every script loaded after the boot script (`import()` of the
 * entry, the islands, their shared chunks and the masks): each address with its sha384. A chunk
 * whose bytes differ is refused by the browser. It must come before any module script.
 */
export const scriptImportMap = JSON.stringify({ integrity: assets.integrity }).replace(/</g, '\\u003c');
