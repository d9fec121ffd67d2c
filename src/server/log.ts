/**
 * Structured logs: one JSON line per request, plus error lines. Lines carry paths without
 * their query strings, so tokens, phone numbers and card data never reach them.
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

export function logRequest(line: RequestLogLine): void {
  console.log(JSON.stringify({ level: 'info', msg: 'request', ...line }));
}

export function logError(requestId: string, where: string, error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.log(JSON.stringify({ level: 'error', msg: where, requestId, error: message.slice(0, 500) }));
}
