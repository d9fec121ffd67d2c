import { workerVersion } from './events';
import { scrub } from '../domain/scrub';

/**
 * Structured logs: one JSON line per request, plus error and security-event lines. A request's
 * line names its route pattern (`/s/:key`, `/receipt/:confirmation`), never its path or query,
 * so tokens, keys, phone numbers and card data never reach them.
 * The platform keeps every invocation (wrangler.toml `head_sampling_rate = 1`, its own
 * invocation logs off, since they record whole URLs); the only sampling is `keepRequestLog`.
 */
export interface RequestLogLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  device: string;
  [extra: string]: unknown;
}

/**
 * The sample rate of error reporting (spec 001 §9). With sampled logs (production's, unless
 * `REQUEST_LOG` says otherwise) a request that went well is logged at this rate; one that failed
 * (status 400 and above, or an origin call that did not succeed) always is. A 404 is sampled like
 * a success: an address that names nothing is a visitor's typo or a scanner's probe (scanners ask
 * thousands an hour), and the 404s that matter, unknown payees, are reported to the backend by
 * the pay routes. With `all` (the default elsewhere) every request is logged.
 */
export const SUCCESS_LOG_SAMPLE_RATE = 0.01;

export function keepRequestLog(policy: 'all' | 'sampled', status: number, originFailed: boolean, random = Math.random): boolean {
  if (policy === 'all' || originFailed || (status >= 400 && status !== 404)) return true;
  return random() < SUCCESS_LOG_SAMPLE_RATE;
}

export function logRequest(line: RequestLogLine): void {
  console.log(JSON.stringify({ level: 'info', msg: 'request', version: workerVersion(), ...line }));
}

/** An error line: its message scrubbed as every free text is (a backend's error may quote what was sent). */
export function logError(requestId: string, where: string, error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(JSON.stringify({ level: 'error', msg: where, requestId, version: workerVersion(), error: scrub(message, 500) }));
}

/** Things an attacker does that the site refused (a failed human check, a limit reached, a replayed key): always kept. */
export type SecurityEvent =
  | 'human-check-failed'
  | 'limit-reached'
  | 'idempotency-conflict'
  | 'cross-site-refused'
  | 'form-key-refused'
  | 'payment-declined'
  | 'payee-declines-high'
  | 'card-payments-paused'
  | 'receipt-address-refused'
  | 'csp-violation'
  | 'payment-page-changed'
  | 'payment-page-check-failed';

export function logSecurityEvent(requestId: string, event: SecurityEvent, details: Record<string, string | number> = {}): void {
  console.warn(JSON.stringify({ level: 'warn', msg: 'security', event, requestId, version: workerVersion(), ...details }));
}

/**
 * Product events, read from the logs by the team's analytics: `experiment-activation` when a
 * biller reaches the set-password view of get-paid (shell spec §4). Always kept, never sampled.
 */
export type ProductEvent = 'experiment-activation';

export function logProductEvent(requestId: string, event: ProductEvent, details: Record<string, string | number> = {}): void {
  console.log(JSON.stringify({ level: 'info', msg: 'event', event, requestId, version: workerVersion(), ...details }));
}

/** A browser's report of an uncaught error on a page with islands, already scrubbed: always kept. */
export function logBrowserError(requestId: string, report: Record<string, string | number>): void {
  console.warn(JSON.stringify({ level: 'warn', msg: 'browser-error', requestId, version: workerVersion(), ...report }));
}
