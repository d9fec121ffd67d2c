/**
 * The page's one script tag. The page is whole and usable without script (every form posts by
 * itself), so the islands' code waits: it is fetched once the page has loaded (its images
 * included), or at once when the visitor reaches for the page first.
 */
const REACHED_FOR = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

let started = false;
function start(): void {
  if (started) return;
  started = true;
  for (const type of REACHED_FOR) document.removeEventListener(type, start, true);
  void import('./entry');
}

for (const type of REACHED_FOR) document.addEventListener(type, start, { capture: true, passive: true });
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
