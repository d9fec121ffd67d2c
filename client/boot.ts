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
  void import('./entry');
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
