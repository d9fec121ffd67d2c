import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { VITALS_PATH, type VitalsBeacon } from '../src/domain/vitals';

/**
 * What this page view measured of its own loading and answers, sent once, when the page is first
 * hidden (the visitor left, switched tabs or locked the phone): what comes after a return to the
 * page is not sent. Each metric as last measured: a browser that does not measure one sends none
 * of it, never a made-up value.
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-route]');
const metrics: VitalsBeacon['metrics'] = {};
const keep = ({ name, value, rating, navigationType }: Metric) => (metrics[name] = { value, rating, navigationType });
// Every change, so what is sent is the latest whichever of the page's listeners runs first.
for (const on of [onLCP, onINP, onCLS, onTTFB, onFCP]) on(keep, { reportAllChanges: true });

let sent = false;
// A page restored from the back/forward cache is a new view: web-vitals measures it anew, and it sends its own beacon.
addEventListener('pageshow', (event) => {
  if (!event.persisted) return;
  sent = false;
  for (const name of Object.keys(metrics)) delete metrics[name as keyof typeof metrics];
});
addEventListener('visibilitychange', () => {
  if (document.visibilityState !== 'hidden' || sent || !tag || !navigator.sendBeacon || !Object.keys(metrics).length) return;
  sent = true;
  const beacon: VitalsBeacon = { route: tag.dataset.route ?? '', version: tag.dataset.version ?? '', metrics };
  navigator.sendBeacon(VITALS_PATH, new Blob([JSON.stringify(beacon)], { type: 'application/json' }));
});
