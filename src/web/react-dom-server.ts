import type { renderToReadableStream as RenderToReadableStream } from 'react-dom/server';

/** Replaced by the bundler with the build's mode (`production` when deployed). */
declare const process: { env: { NODE_ENV?: string } };

/**
 * React's streaming renderer. `react-dom/server` also loads the legacy renderer
 * (`renderToString`, about 100 KB) that the site never calls, and the package exports no narrower
 * entry, so the deployed Worker imports the production edge build by its path. The bundler knows
 * `NODE_ENV` and keeps one branch: `wrangler dev` and the tests render with React's development
 * build through the package's own entry, as React's development build of the rest expects.
 */
export function reactServer(): Promise<{ renderToReadableStream: typeof RenderToReadableStream }> {
  return process.env.NODE_ENV === 'production'
    ? import('../../node_modules/react-dom/cjs/react-dom-server.edge.production.js')
    : import('react-dom/server');
}
