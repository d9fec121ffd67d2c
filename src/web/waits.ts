import { STANDS_FOR } from '../settings/config';

/**
 * The remote calls a request waited on, by kind, named in its answer's `Server-Timing` header
 * (W3C Server Timing), which the browser's Resource Timing API reads: a slow answer says what it
 * waited on. Every call is timed where the Worker reaches it (its bindings, the backend's client,
 * the bot-check service, siteverify); calls made once the header is written are not counted. A
 * kind's time is its calls' added up, which may overlap, so it can pass the total.
 *
 * Each kind's time says more than the whole answer's: whether an object named after a phone
 * number, a card or an invite was reached recently (a name's first use waits longer). So in
 * production the header names each kind and its calls and only the total's time, as the W3C
 * spec's privacy section advises; the `answer` event keeps every kind's time for the operators,
 * and the site's own check (a keyed header) and the local site see them in the header too.
 */
export type WaitKind = 'guard' | 'claim' | 'kv' | 'backend' | 'paybot' | 'siteverify';

const KINDS: readonly WaitKind[] = ['guard', 'claim', 'kv', 'backend', 'paybot', 'siteverify'];

export class Waits {
  #calls = new Map<WaitKind, { calls: number; ms: number }>();
  #answered = false;
  #concealed = false;

  /** An answer whose timing must not tell one case from another (`src/security/even-timing.ts`): its header names only the total. */
  conceal(): void {
    this.#concealed = true;
  }

  /** One call of `kind` that took `ms`. */
  add(kind: WaitKind, ms: number): void {
    if (this.#answered) return;
    const seen = this.#calls.get(kind) ?? { calls: 0, ms: 0 };
    this.#calls.set(kind, { calls: seen.calls + 1, ms: seen.ms + ms });
  }

  /** Runs a remote call, counted under `kind` once it settles. */
  async time<T>(kind: WaitKind, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await call();
    } finally {
      this.add(kind, performance.now() - started);
    }
  }

  /** The calls of each kind so far, and their time added up. */
  of(kind: WaitKind): { calls: number; ms: number } {
    return this.#calls.get(kind) ?? { calls: 0, ms: 0 };
  }

  /**
   * The header's value: each kind with its calls (and its time, where `timed`), then the whole
   * answer's time; later calls are the answer's no more.
   */
  header(totalMs: number, { timed }: { timed: boolean }): string {
    this.#answered = true;
    const entries = KINDS.filter((kind) => !this.#concealed && this.#calls.has(kind)).map((kind) => {
      const { calls, ms } = this.of(kind);
      return `${kind};desc="${calls} call${calls === 1 ? '' : 's'}"${timed ? `;dur=${Math.round(ms)}` : ''}`;
    });
    return [...entries, `total;dur=${Math.round(totalMs)}`].join(', ');
  }
}

const KV_CALLS = new Set(['get', 'getWithMetadata', 'put', 'delete', 'list']);
const STUB_MAKERS = new Set(['get', 'getByName']);

/** A KV namespace whose calls are counted. */
function timedKv(kv: KVNamespace, waits: Waits): KVNamespace {
  return new Proxy(kv, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name);
      if (typeof value !== 'function') return value;
      const call = (value as (...args: unknown[]) => Promise<unknown>).bind(target);
      return typeof name === 'string' && KV_CALLS.has(name) ? (...args: unknown[]) => waits.time('kv', () => call(...args)) : call;
    },
  });
}

/** A Durable Object namespace whose objects' calls are counted under `kind`. */
function timedObjects<T extends object>(namespace: T, kind: WaitKind, waits: Waits): T {
  const timedStub = (stub: object) =>
    new Proxy(stub, {
      get(target, name) {
        const value: unknown = Reflect.get(target, name);
        // A stub's methods are its object's: each call is one remote call (`then` marks no promise
        // here; `toString` and the other names every object has are not the object's).
        // Called through Reflect: `.apply` on a stub's method would itself be a remote method named apply.
        if (typeof value !== 'function' || typeof name !== 'string' || name === 'then' || name in Object.prototype) return value;
        return (...args: unknown[]) =>
          waits.time(kind, () => Reflect.apply(value as (...a: unknown[]) => Promise<unknown>, target, args) as Promise<unknown>);
      },
    });
  return new Proxy(namespace, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name);
      if (typeof value !== 'function') return value;
      const call = (value as (...args: unknown[]) => unknown).bind(target);
      return typeof name === 'string' && STUB_MAKERS.has(name) ? (...args: unknown[]) => timedStub(call(...args) as object) : call;
    },
  });
}

/** The request's bindings with every remote call counted: the guard's and the claims' objects, the KV stores. */
export function timedBindings(env: Env, waits: Waits): Env {
  const timed: Partial<Env> = {
    ...(env.GUARD && { GUARD: timedObjects(env.GUARD, 'guard', waits) }),
    ...(env.CLAIMS && { CLAIMS: timedObjects(env.CLAIMS, 'claim', waits) }),
    ...(env.CACHE && { CACHE: timedKv(env.CACHE, waits) }),
    ...(env.LINKS && { LINKS: timedKv(env.LINKS, waits) }),
  };
  return new Proxy(env, {
    get: (target, name) =>
      name === STANDS_FOR ? target : Object.hasOwn(timed, name) ? timed[name as keyof Env] : Reflect.get(target, name),
  });
}
