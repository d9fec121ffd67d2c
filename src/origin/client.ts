import { calls, type CallInput, type CallOutput, type CallSpec } from './calls';
import type { CallOutcome, OriginFailureKind, OriginResult } from './result';

/** Sends one request to the origin (the contract call's name beside it): the network when ORIGIN_URL is set, the embedded origin otherwise. */
export type Transport = (url: string, init: RequestInit, call: string) => Promise<Response>;

export interface ClientOptions {
  baseUrl: string;
  transport: Transport;
  timeoutMs: number;
  onOutcome?: (outcome: CallOutcome) => void;
}

/** The contract's calls by name, as `calls.ts` declares them (go-to-definition leads there). */
export type Origin = { [K in keyof typeof calls]: (input: CallInput<K>) => Promise<OriginResult<CallOutput<K>>> };

/** Where a cached lookup gets the client on a miss: it is made only then. */
export interface ClientSource {
  client(): Origin;
}

function requestInit(spec: CallSpec<unknown, unknown>, input: unknown, signal: AbortSignal): { path: string; init: RequestInit } {
  const { method, path, json, form } = spec.request(input);
  if (json !== undefined)
    return {
      path,
      init: { method, headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify(json), signal },
    };
  let body: FormData | undefined;
  if (form) {
    body = new FormData();
    for (const [name, value] of Object.entries(form)) body.append(name, value);
  }
  return { path, init: { method, headers: { Accept: 'application/json' }, body, signal } };
}

async function run<O>(options: ClientOptions, spec: CallSpec<unknown, O>, input: unknown): Promise<OriginResult<O>> {
  const started = Date.now();
  const finish = (result: OriginResult<O>, status?: number): OriginResult<O> => {
    options.onOutcome?.({ call: spec.name, outcome: result.ok ? 'ok' : result.kind, status, ms: Date.now() - started });
    return result;
  };
  const fail = (kind: OriginFailureKind, status?: number) => finish({ ok: false, kind, call: spec.name, status }, status);

  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    const { path, init } = requestInit(spec, input, signal);
    response = await options.transport(`${options.baseUrl}${path}`, init, spec.name);
  } catch {
    return fail(signal.aborted ? 'timeout' : 'unreachable');
  }
  if (!response.ok) {
    await response.body?.cancel();
    return fail('bad-status', response.status);
  }
  if (!spec.response) {
    await response.body?.cancel();
    return finish({ ok: true, value: undefined as O }, response.status);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return fail(signal.aborted ? 'timeout' : 'bad-body', response.status);
  }
  const parsed = await spec.response.safeParseAsync(json);
  if (!parsed.success) return fail('bad-body', response.status);
  return finish({ ok: true, value: parsed.data }, response.status);
}

/** The client: one function per call of the contract (`calls.ts`), each sending it through `options`. */
export function createClient(options: ClientOptions): Origin {
  const client: Record<string, (input: unknown) => Promise<OriginResult<unknown>>> = {};
  for (const [name, spec] of Object.entries(calls)) client[name] = (input) => run(options, spec as CallSpec<unknown, unknown>, input);
  return client as Origin;
}
