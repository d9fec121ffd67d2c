/** What every origin call gives: a typed value, or a typed failure. No exception reaches a page. */
export type OriginFailureKind = 'timeout' | 'unreachable' | 'bad-status' | 'bad-body';

export interface OriginFailure {
  ok: false;
  kind: OriginFailureKind;
  call: string;
  status?: number;
}

export type OriginResult<T> = { ok: true; value: T } | OriginFailure;

/** One line per origin call, for the request's log entry. */
export interface CallOutcome {
  call: string;
  outcome: 'ok' | OriginFailureKind;
  status?: number;
  ms: number;
}

/** The backend answered 404: it does not know what was asked for (a token, say). A miss, not a failure. */
export const isUnknown = (result: OriginResult<unknown>): boolean => !result.ok && result.kind === 'bad-status' && result.status === 404;
