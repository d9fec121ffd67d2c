// The Web Vitals beacon (`client/vitals.ts`), a chunk of its own, loaded once the page has loaded
// and the browser is idle: the library reads what the browser buffered meanwhile.
const idle = (run: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
const vitals = () => idle(() => void import('./vitals').catch(() => undefined));
if (document.readyState === 'complete') vitals();
else addEventListener('load', vitals, { once: true });
