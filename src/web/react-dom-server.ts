import type { renderToString as RenderToString } from 'react-dom/server';

/** Replaced by the bundler with the build's mode (`production` when deployed). */
declare const process: { env: { NODE_ENV?: string } };

/**
 * React's renderer of a page whole. `react-dom/server` also loads the streaming renderer (about
 * 35 KB more) that the site does not need: its pages have no Suspense boundary, so a stream sends
 * the same bytes at the same moment. The package exports no narrower entry, so the deployed Worker
 * imports the production build of the string renderer by its path. The bundler knows `NODE_ENV`
 * and keeps one branch: `wrangler dev` and the tests render with React's development build
 * through the package's own entry, as React's development build of the rest expects.
 */
export function reactServer(): Promise<{ renderToString: typeof RenderToString }> {
  return process.env.NODE_ENV === 'production'
    ? import('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js')
    : import('react-dom/server');
}
