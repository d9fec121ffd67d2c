/**
 * Counts the remote round trips a request waits on one after another. Every remote call the
 * Worker can make (a Durable Object's method, D1, KV, the backend and siteverify by fetch) is
 * held at a gate; once the Worker has nothing else to do, every call waiting is let through
 * together, as one round. The number of rounds released before the answer is whole (its body
 * read) is the count: calls made together are one round, a call that needed another's answer is
 * the next. Calls made after the answer (`waitUntil`) pass freely and are not counted.
 *
 * It counts, never times: `quietMs` is only how long the Worker must stay idle before a round is
 * released. The bench runs the same gate with a `delayMs` for every round, as far-away storage would.
 *
 * A Durable Object reached by a name never used before waits first on a check around the world
 * that no other object has that name, "up to a few hundred milliseconds"; one reached by an id
 * from `newUniqueId` does not (Cloudflare, Durable Objects' namespace API: "newUniqueId results in
 * lower request latency at first use"). Miniflare has no such check, so the gate models it: the
 * first call to an object named by a name this isolate has not used costs one round more
 * (`first use` in the round's list).
 */
export type RemoteKind = 'durable-object' | 'first use' | 'd1' | 'kv' | 'backend' | 'siteverify';

/** The names of the Durable Objects this isolate has called: their check is behind them. */
const usedNames = new Set<string>();

export interface Measured<T> {
  value: T;
  /** One entry per round: what it held, sorted (`kv`, `durable-object ×2`, …). */
  rounds: string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class RoundTrips {
  #waiting: Array<{ kind: RemoteKind; go: () => void }> = [];
  #inFlight = 0;
  #open = true;
  #calls = 0;

  constructor(private readonly options: { quietMs?: number; delayMs?: number } = {}) {}

  /** A remote call, held at the gate while a request is measured. */
  async call<T>(kind: RemoteKind, work: () => Promise<T>): Promise<T> {
    if (!this.#open) await new Promise<void>((go) => this.#waiting.push({ kind, go }));
    this.#calls++;
    this.#inFlight++;
    try {
      return await work();
    } finally {
      this.#inFlight--;
    }
  }

  /** Runs `work` (a request, its answer's body read) with every remote call gated, and says what it waited on. */
  async measure<T>(work: () => Promise<T>): Promise<Measured<T>> {
    const quietMs = this.options.quietMs ?? 60;
    this.#open = false;
    const rounds: string[] = [];
    let settled = false;
    const running = work().finally(() => (settled = true));
    running.catch(() => undefined);
    try {
      while (!settled) {
        await this.#idle(quietMs, () => settled);
        if (settled || !this.#waiting.length) continue;
        const round = this.#waiting.splice(0);
        const counts = new Map<string, number>();
        for (const { kind } of round) counts.set(kind, (counts.get(kind) ?? 0) + 1);
        rounds.push(
          [...counts]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([kind, n]) => (n > 1 ? `${kind} ×${n}` : kind))
            .join(' + '),
        );
        if (this.options.delayMs) await sleep(this.options.delayMs);
        for (const { go } of round) go();
      }
      return { value: await running, rounds };
    } finally {
      this.#open = true;
      for (const { go } of this.#waiting.splice(0)) go();
    }
  }

  /** Resolves once nothing has moved for `quietMs`: no call under way, none new at the gate or let through. */
  async #idle(quietMs: number, settled: () => boolean): Promise<void> {
    let last = '';
    while (!settled()) {
      const now = `${this.#inFlight}:${this.#waiting.length}:${this.#calls}`;
      if (this.#inFlight === 0 && now === last) return;
      last = now;
      await sleep(quietMs);
    }
  }

  /** The Worker's bindings with every remote one behind the gate; the rest as they are. */
  bindings<E extends object>(env: E): E {
    const gated: Record<string, unknown> = { ...(env as Record<string, unknown>) };
    for (const [name, binding] of Object.entries(env)) {
      if (isNamespace(binding)) gated[name] = this.#namespace(binding);
      else if (isD1(binding)) gated[name] = this.#d1(binding);
      else if (isKv(binding)) gated[name] = this.#kv(binding);
    }
    return gated as E;
  }

  /** The global fetch behind the gate (the backend, siteverify): call the returned function to put it back. */
  gateFetch(): () => void {
    const real = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      return this.call(url.includes('/siteverify') ? 'siteverify' : 'backend', () => real(input, init));
    }) as typeof fetch;
    return () => void (globalThis.fetch = real);
  }

  #namespace(namespace: DurableObjectNamespace): DurableObjectNamespace {
    // The ids this namespace made from names, and the name each stands for.
    const named = new WeakMap<DurableObjectId, string>();
    return new Proxy(namespace, {
      get: (target, property) => {
        const value = Reflect.get(target, property) as unknown;
        if (typeof value !== 'function') return value;
        if (property === 'idFromName')
          return (name: string) => {
            const id = target.idFromName(name);
            named.set(id, name);
            return id;
          };
        if (property === 'get')
          return (id: DurableObjectId, ...rest: unknown[]) =>
            this.#stub((value as (...a: unknown[]) => DurableObjectStub).apply(target, [id, ...rest]), named.get(id));
        if (property === 'getByName')
          return (name: string, ...rest: unknown[]) =>
            this.#stub((value as (...a: unknown[]) => DurableObjectStub).apply(target, [name, ...rest]), name);
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  }

  /** A stub whose calls are gated; one reached by a `name` this isolate never called first waits on the name's check. */
  #stub(stub: DurableObjectStub, name?: string): DurableObjectStub {
    return new Proxy(stub, {
      get: (target, property) => {
        if (property === 'id' || property === 'name' || property === 'then' || typeof property === 'symbol')
          return Reflect.get(target, property) as unknown;
        // An RPC method is called on its stub as it is: its own `apply` would be taken for a method of the object.
        return async (...args: unknown[]) => {
          if (name !== undefined && !usedNames.has(name)) {
            usedNames.add(name);
            await this.call('first use', async () => undefined);
          }
          return this.call('durable-object', () =>
            (target as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[property]!(...args),
          );
        };
      },
    });
  }

  #d1(db: D1Database): D1Database {
    const raw = new WeakMap<object, D1PreparedStatement>();
    const statement = (prepared: D1PreparedStatement): D1PreparedStatement => {
      const gated = new Proxy(prepared, {
        get: (target, property) => {
          const value = Reflect.get(target, property) as unknown;
          if (property === 'bind') return (...args: unknown[]) => statement(target.bind(...args));
          if (property === 'first' || property === 'run' || property === 'all' || property === 'raw')
            return (...args: unknown[]) => this.call('d1', () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      raw.set(gated, prepared);
      return gated;
    };
    return new Proxy(db, {
      get: (target, property) => {
        if (property === 'prepare') return (sql: string) => statement(target.prepare(sql));
        if (property === 'batch')
          return (statements: D1PreparedStatement[]) => this.call('d1', () => target.batch(statements.map((s) => raw.get(s) ?? s)));
        if (property === 'exec') return (sql: string) => this.call('d1', () => target.exec(sql));
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  #kv(kv: KVNamespace): KVNamespace {
    return new Proxy(kv, {
      get: (target, property) => {
        const value = Reflect.get(target, property) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => this.call('kv', () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      },
    });
  }
}

const hasMethods = (value: unknown, ...names: string[]) =>
  typeof value === 'object' && value !== null && names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
const isNamespace = (value: unknown): value is DurableObjectNamespace => hasMethods(value, 'idFromName', 'get');
const isD1 = (value: unknown): value is D1Database => hasMethods(value, 'prepare', 'batch');
const isKv = (value: unknown): value is KVNamespace => hasMethods(value, 'get', 'put', 'list', 'getWithMetadata');
