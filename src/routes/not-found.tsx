import type { Context } from 'hono';
import { humanCheckSiteKey, storeUrlFor } from '../settings/config';
import { NotFoundPage } from '../pages/not-found';
import type { AppEnv } from '../web/app-env';
import { renderPage } from '../web/render';

export function notFound(c: Context<AppEnv>): Promise<Response> {
  const device = c.get('device');
  const storeUrl = device === 'desktop' ? undefined : storeUrlFor(c.get('config'), device);
  return renderPage(c, <NotFoundPage storeUrl={storeUrl} humanCheckSiteKey={humanCheckSiteKey(c.get('config'))} />, {
    status: 404,
    reuse: true,
  });
}
