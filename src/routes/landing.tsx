import { Hono } from 'hono';
import { storeUrlFor } from '../domain/config';
import { AppsFlyerLandingPage } from '../pages/appsflyer-landing';
import { DownloadPage } from '../pages/download';
import { PayAppClipPage } from '../pages/pay-appclip';
import type { AppEnv } from '../web/app-env';
import { trackDownload } from '../origin/attribution';
import { renderPage } from '../web/render';

export const landingRoutes = new Hono<AppEnv>();

landingRoutes.get('/download', async (c) => {
  const config = c.get('config');
  const device = c.get('device');
  if (device !== 'desktop') {
    await trackDownload(config.attributionUrl, new URL(c.req.url).searchParams, device);
    return c.redirect(storeUrlFor(config, device), 302);
  }
  return renderPage(c, <DownloadPage appStoreUrl={config.appStoreUrl} playStoreUrl={config.playStoreUrl} />, { reuse: true });
});

landingRoutes.get('/appsFlyer/landing', (c) =>
  renderPage(c, <AppsFlyerLandingPage storeHref={storeUrlFor(c.get('config'), c.get('device'))} />, { reuse: true }),
);

landingRoutes.get('/pay-appclip', (c) =>
  renderPage(c, <PayAppClipPage href={storeUrlFor(c.get('config'), c.get('device'))} />, { reuse: true }),
);
