import { Hono } from '../lib/hono';
import { FOREIGN_PAGES } from '../domain/site';
import { REDIRECT_FLAG } from '../origin/feature-flags';
import { passThrough } from '../origin/passthrough';
import type { AppEnv } from '../web/app-env';
import { renderPage } from '../web/render';
import { unavailableResponse } from '../web/server-error';

/**
 * Pages of the legacy site (src/domain/site.ts, `FOREIGN_PAGES`): passed through to it when it is
 * configured; in the local demo, `/` is the demo index and the others say what production serves.
 */
export const foreignRoutes = new Hono<AppEnv>();

declare const EMBEDDED_ORIGIN: boolean;

for (const page of FOREIGN_PAGES) {
  foreignRoutes.all(page.path, async (c) => {
    const { originUrl } = c.get('config');
    if (originUrl) {
      c.set('foreign', true);
      return (await c.get('waits').time('backend', () => passThrough(originUrl, c.req.raw))) ?? unavailableResponse(c.get('language'));
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.body(null, 405, { Allow: 'GET, HEAD' });
    // The local demo's pages, in the builds that may run without a backend (src/origin/index.ts).
    const demo = EMBEDDED_ORIGIN ? await import('../pages/demo') : null;
    if (!demo) return unavailableResponse(c.get('language'));
    const { DemoIndexPage, ForeignStandInPage } = demo;
    return renderPage(c, page.path === '/' ? <DemoIndexPage redirectFlag={REDIRECT_FLAG} /> : <ForeignStandInPage page={page} />, {
      reuse: true,
    });
  });
}
