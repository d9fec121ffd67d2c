import { ERROR_REPORT_PATH } from '../src/domain/report-address';

/**
 * The page's one script tag. The page is whole and usable without script (every form posts by
 * itself), so the islands' code waits: it is fetched once the page has loaded (its images
 * included) and been painted, or at once when the visitor reaches for the page first.
 */
const REACHED_FOR = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

let started = false;
function start(): void {
  if (started) return;
  started = true;
  painted.disconnect();
  import('./entry').catch(notStarted);
}

/**
 * The islands' code could not be loaded: the page still works without it (every form posts), and
 * the site is told once, sampled as every report is (`client/error-reports.ts`, which did not load either).
 */
function notStarted(): void {
  const tag = document.querySelector<HTMLScriptElement>('script[data-report-sample]');
  if (!tag || !navigator.sendBeacon || Math.random() >= Number(tag.dataset.reportSample)) return;
  // The kind, the page and the version alone: the site words the report itself (NOT_STARTED).
  const { page = '', version = '' } = tag.dataset;
  navigator.sendBeacon(ERROR_REPORT_PATH, new Blob([JSON.stringify({ kind: 'start', page, version })], { type: 'application/json' }));
}

/** Starts once the page is first painted. */
const painted = new PerformanceObserver(start);
function afterPaint(): void {
  // A browser that does not report paints starts two frames on, when the page has been drawn.
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) painted.observe({ type: 'paint', buffered: true });
  else requestAnimationFrame(() => requestAnimationFrame(start));
}

for (const type of REACHED_FOR) document.addEventListener(type, start, true);
if (document.readyState === 'complete') afterPaint();
else window.addEventListener('load', afterPaint, { once: true });
