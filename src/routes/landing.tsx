import { Hono } from '../lib/hono';
import { storeUrlFor } from '../settings/config';
import { AppsFlyerLandingPage } from '../pages/appsflyer-landing';
import { DownloadPage } from '../pages/download';
import { APP_CLIP_REDIRECT_MS, APP_CLIP_TEST_REDIRECT_MS, PayAppClipPage } from '../pages/pay-appclip';
import { isTestHost } from '../domain/site';
import { IPAD_FLAG, mayBeIpadAsMac } from '../domain/ipad';
import { knownBot } from '../web/device-memo';
import type { AppEnv } from '../web/app-env';
import { downloadParams, trackDownload } from '../origin/attribution';
import { renderPage } from '../web/render';
import { runLater } from '../web/middleware';

export const landingRoutes = new Hono<AppEnv>();

landingRoutes.get('/download', async (c) => {
  const config = c.get('config');
  const url = new URL(c.req.url);
  const ua = c.req.header('User-Agent') ?? '';
  const macLike = c.get('device') === 'desktop' && mayBeIpadAsMac(ua) && !knownBot(ua);
  // An iPad in desktop mode, as the page's script found on a Mac-like visitor, is an iPad.
  const device = macLike && url.searchParams.get(IPAD_FLAG) === '1' ? 'apple' : c.get('device');
  if (device !== 'desktop') {
    // Only a record: the phone goes to its store at once, and the tracker is told after the answer.
    runLater(c, trackDownload(config.attributionUrl, url.searchParams, device));
    return c.redirect(storeUrlFor(config, device), 302);
  }
  let ipadHref: string | undefined;
  if (macLike) {
    url.searchParams.set(IPAD_FLAG, '1');
    ipadHref = `${url.pathname}${url.search}`;
  }
  const page = <DownloadPage appStoreUrl={config.appStoreUrl} playStoreUrl={config.playStoreUrl} ipadHref={ipadHref} />;
  // Kept and reused unless it carries the visitor's own query.
  return renderPage(c, page, macLike && url.search !== `?${IPAD_FLAG}=1` ? {} : { reuse: true });
});

landingRoutes.get('/appsFlyer/landing', (c) =>
  renderPage(c, <AppsFlyerLandingPage storeHref={storeUrlFor(c.get('config'), c.get('device'))} />, {
    reuse: true,
  }),
);

/**
 * The app clip sends its visitor on through the download landing, so a phone is tracked on its
 * way to the store (with the clip's own download parameters, `c=appclip` unless it says) and a
 * computer sees the download page.
 */
landingRoutes.get('/pay-appclip', (c) => {
  const url = new URL(c.req.url);
  const own = downloadParams(url.searchParams);
  const params = new URLSearchParams({ s: 'p', c: 'appclip' });
  for (const [name, value] of own) params.set(name, value);
  const delayMs = isTestHost(url.hostname) ? APP_CLIP_TEST_REDIRECT_MS : APP_CLIP_REDIRECT_MS;
  // The plain page is kept and reused; one with the visitor's own parameters is drawn for them.
  return renderPage(c, <PayAppClipPage href={`/download?${params}`} delayMs={delayMs} />, {
    reuse: own.size === 0 ? true : undefined,
  });
});
