/**
 * The Web Vitals beacon: what a page with islands measures of its own loading and answers (the
 * `web-vitals` library, `client/vitals.ts`) and sends once per page view, and what the endpoint
 * takes. A browser sends only what it measured: a beacon may lack any metric.
 */

/** Where a page sends its one beacon (`navigator.sendBeacon`, same origin). */
export const VITALS_PATH = '/api/vitals';

/** The metrics a beacon may hold, as `web-vitals` names them. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export const NAVIGATION_TYPES = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
  'soft-navigation',
] as const;

/** web.dev's "good" LCP and INP, as the local charts draw them (the alerts' own are in alerts/vitals.ts; a unit test holds both to the library's). */
export const GOOD_MS = { LCP: 2500, INP: 200 } as const;

/** The largest value taken of each metric: a page watched for ten minutes, a layout shifting without end. */
export const VITAL_MAX: Record<VitalName, number> = { LCP: 600_000, INP: 600_000, CLS: 100, TTFB: 600_000, FCP: 600_000 };

/** The largest beacon the endpoint reads: five metrics, the route and the version fit in a fifth of it. */
export const MAX_VITALS_BYTES = 2048;

export interface VitalMeasure {
  value: number;
  rating: (typeof VITAL_RATINGS)[number];
  navigationType: (typeof NAVIGATION_TYPES)[number];
}

export interface VitalsBeacon {
  /** The route pattern that drew the page (its script tag's `data-route`), one of `ISLAND_ROUTES`, never its address. */
  route: string;
  /** The Worker version that drew the page. */
  version: string;
  metrics: Partial<Record<VitalName, VitalMeasure>>;
}
