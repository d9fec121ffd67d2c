/**
 * What the site records for its operators, and how: one Workers Analytics Engine data point per
 * event (the `EVENTS` dataset). Each event's layout is named here once and listed in
 * docs/operations.md, whose queries read it:
 * - `index1`: the event's name (Analytics Engine samples within an index);
 * - `blob1`: the event's name, `blob2`: the version of the Worker that recorded it, then the
 *   event's own blobs from `blob3` on, in the order below;
 * - `double1…`: the event's numbers, in the order below.
 *
 * Events are for counting, never for people: every blob is a name the site chose (a route
 * pattern, a contract call, a policy, an outcome, a reason class), never what a visitor typed,
 * except a browser error's message and source, scrubbed twice (`scrubReport`). No phone, email,
 * name, card digit, token, address or query string, not even partly.
 */
export const EVENT_LAYOUT = {
  /**
   * Every answer: its route pattern (never the URL), method, device class and language; status,
   * time, a cold isolate; then the time it waited on each kind of remote call (its Server-Timing).
   */
  answer: {
    blobs: ['route', 'method', 'device', 'language'],
    doubles: ['status', 'ms', 'cold', 'guardMs', 'claimMs', 'kvMs', 'backendMs', 'siteverifyMs', 'paybotMs'],
  },
  /** Every backend call: the contract call's name and its outcome (ok, refused, timeout, 5xx, malformed…). */
  backend: { blobs: ['call', 'outcome'], doubles: ['ms', 'status'] },
  /** Every text: sent, refused by a limit or by the human check, failed at the backend. */
  text: { blobs: ['outcome', 'kind'], doubles: [] },
  /** Every payment attempt: approved, declined (by reason class), refused (by policy), failed; its amount. */
  payment: { blobs: ['outcome', 'reason'], doubles: ['amount'] },
  /**
   * A limit of the abuse guard reached: the policy, the route, what was done (`refused`; `asked`:
   * the interactive check asked for; `dropped`: a report not recorded) and the refusal's
   * reference, which the visitor may quote (the request id's first eight characters).
   */
  limit: { blobs: ['policy', 'route', 'action', 'reference'], doubles: [] },
  /** A human check that failed. */
  humanCheck: { blobs: ['reason', 'route'], doubles: [] },
  /** A distinct Content-Security-Policy violation a browser reported on one of this site's pages. */
  cspViolation: { blobs: ['page', 'directive', 'blocked', 'source'], doubles: ['line'] },
  /**
   * A scheduled check of the payment pages against the approved manifest (PCI DSS 11.6.1): as-approved,
   * changed, no-manifest or failed; the first difference's page and what differs; how many differences.
   */
  pageCheck: { blobs: ['outcome', 'page', 'what'], doubles: ['differences', 'pages'] },
  /** A browser's report of an uncaught error on a page with islands, or of islands whose code could not load; how many page views it stands for (reports are sampled). */
  browserError: { blobs: ['route', 'kind', 'message', 'source', 'browser', 'clientVersion'], doubles: ['line', 'column', 'stands'] },
  /**
   * A page view's Web Vitals, as its browser measured them (`-1`: not measured by that browser):
   * the route pattern that drew it; device class, country and data centre from the request, never the address.
   */
  vitals: {
    blobs: ['route', 'device', 'country', 'colo', 'navigation', 'browser'],
    doubles: ['lcp', 'inp', 'cls', 'ttfb', 'fcp'],
  },
} as const;

export type EventName = keyof typeof EVENT_LAYOUT;
type Layout<E extends EventName> = (typeof EVENT_LAYOUT)[E];
export type EventFields<E extends EventName> = { [K in Layout<E>['blobs'][number]]: string } & {
  [K in Layout<E>['doubles'][number]]: number;
};

/** The longest blob written: Analytics Engine takes 16 KB a point; a browser error's message is cut far shorter. */
const MAX_BLOB = 256;

/** The version of this Worker (`[version_metadata]`); `local` where the runtime gives none. */
let version = 'local';
export const workerVersion = (): string => version;
/** Read once per request, from the binding the runtime gives: every isolate runs one version. */
export function noteVersion(env: Env): void {
  version = env.VERSION?.id || 'local';
}

/** An event as `/_dev/metrics` lists it: its name, when, the version, and its fields by name. */
export type RecordedEvent = { event: EventName; at: string; version: string } & Record<string, string | number>;

/** The local demo's events, kept by this isolate (Analytics Engine does nothing locally): the last `KEPT`. */
const recent: RecordedEvent[] = [];
const KEPT = 500;
/** The events kept, newest first. */
export const recentEvents = (): RecordedEvent[] => recent.slice(-KEPT).reverse();

/** Records one event; with no backend configured (the local demo, the tests) it is also kept for `/_dev/metrics`. */
export function recordEvent<E extends EventName>(
  c: { env: Env; var: { config?: { originUrl: string } } },
  event: E,
  fields: EventFields<E>,
): void {
  writeEvent(c.env, !c.var.config?.originUrl, event, fields);
}

export function writeEvent<E extends EventName>(env: Env, keepLocally: boolean, event: E, fields: EventFields<E>): void {
  const layout: { blobs: readonly string[]; doubles: readonly string[] } = EVENT_LAYOUT[event];
  const named = fields as Record<string, string | number>;
  const blobs = layout.blobs.map((name) => String(named[name] ?? '').slice(0, MAX_BLOB));
  const doubles = layout.doubles.map((name) => Number(named[name] ?? 0));
  try {
    env.EVENTS?.writeDataPoint({ indexes: [event], blobs: [event, version, ...blobs], doubles });
  } catch {
    // Counting never stops an answer.
  }
  if (!keepLocally) return;
  const kept: RecordedEvent = { event, at: new Date().toISOString(), version };
  layout.blobs.forEach((name, i) => (kept[name] = blobs[i]!));
  layout.doubles.forEach((name, i) => (kept[name] = doubles[i]!));
  recent.push(kept);
  if (recent.length >= 2 * KEPT) recent.splice(0, KEPT);
}

/** A backend failure as operators count it: ok, refused (never reached), timeout, 5xx, 4xx, malformed. */
export function backendOutcome(outcome: string, status?: number): string {
  if (outcome === 'unreachable') return 'refused';
  if (outcome === 'bad-status') return status !== undefined && status >= 500 ? '5xx' : '4xx';
  if (outcome === 'bad-body') return 'malformed';
  return outcome;
}
