import { DurableObject } from 'cloudflare:workers';
import { claimIdOf, FORM_KEY_LIFETIME_MS } from './form-keys';
import { keyedHash, toHex } from './keyed-hash';

/**
 * Idempotent payment submits (contract §5), keyed by the form key the page issued
 * (`form-keys.ts`): once the backend was asked to charge, every send of the key, whatever its
 * fields, answers what became of that charge (its first answer, or that it is still being
 * processed) and never charges again; a send that finds the first one still under way waits
 * briefly for its answer. Each key's claim is a Durable Object of its own whose id was minted with
 * the key and is carried in it, so the object is reached without the check a name's first use
 * waits on. The store holds a keyed hash of the submission and the answer, never the key.
 *
 * A claim is `pending` from the request's start, `calling` once marked ahead of the charge (the
 * mark is awaited before the charge is sent), and `done` with the answer stored. A `calling` claim
 * is never handed out again: the charge may have gone through, so a retry is told so instead of
 * charging twice.
 */
export type Claim =
  | { kind: 'new'; since: number }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'conflict' }
  | { kind: 'in-flight' }
  | { kind: 'uncertain' }
  | { kind: 'none' };

/** What a submission was, to tell the same key sent with other details: a keyed hash, as it is made of a payer's details. */
export async function fingerprint(secret: string, parts: Record<string, string | undefined>): Promise<string> {
  const canonical = JSON.stringify(Object.entries(parts).sort(([a], [b]) => a.localeCompare(b)));
  return keyedHash(secret, canonical);
}

/**
 * A claim still `pending` (the backend not yet asked) this long belongs to a request that died
 * before charging: it is released, so the form is not answered 409 for ever. A `calling` claim
 * this old is the charge whose answer was never stored.
 */
export const PENDING_TIMEOUT_MS = 2 * 60 * 1000;
/**
 * How long a card form's page may be kept and sent again: a tab left open on a phone put away, a
 * form restored with the browser. Past it, a key with no claim is answered with a fresh key that
 * the form shows and waits on; it never sends one by itself.
 */
export const PAGE_LIFE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Answers are kept while any page could still send its key (its life, and the key's own before
 * it): a payer whose answer was lost and who sends the same form later is answered from the
 * claim, never handed a fresh key that would charge again. The alarm then forgets it.
 */
export const KEEP_ANSWERS_MS = FORM_KEY_LIFETIME_MS + PAGE_LIFE_MS;
/** How long a send that finds its key's first send under way waits for that send's answer. */
export const WAIT_FOR_FIRST_MS = 5_000;

/**
 * The claim of a well-formed form key: the object whose id the key carries; null for an id this
 * namespace did not mint. A key of the shape before (24 hex where the id now is) names its claim by
 * its SHA-256, as the version that drew its page did, so a retry reaches the same claim on either.
 */
export async function claimOf(
  namespace: DurableObjectNamespace<PaymentClaim>,
  key: string,
): Promise<DurableObjectStub<PaymentClaim> | null> {
  const id = claimIdOf(key);
  if (!id) return null;
  if (id.length === 64) return claimById(namespace, id);
  const ref = toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  return namespace.get(namespace.idFromName(ref));
}

/** A claim by its id (the site's own page of an approved payment names it); null for an id this namespace did not mint. */
export function claimById(namespace: DurableObjectNamespace<PaymentClaim>, id: string): DurableObjectStub<PaymentClaim> | null {
  try {
    return namespace.get(namespace.idFromString(id));
  } catch {
    return null;
  }
}

/** The claim an uptime check asks (`/readyz`): one named object, asked again and again, so only its first call waits on the name's check. */
export function readinessClaim(namespace: DurableObjectNamespace<PaymentClaim>): DurableObjectStub<PaymentClaim> {
  return namespace.get(namespace.idFromName('readiness'));
}

/**
 * What became of a key, whatever is sent with it, claiming nothing (a key that ran out): its first
 * answer, or, while its charge has no answer, in flight and then uncertain; `none` when it has no
 * claim, or only a request's that died before charging. Read from what the claim stores, which
 * every version of the claim can say (`stored`).
 */
export function outcomeOf(row: Stored | null, now = Date.now()): Claim {
  if (!row || (row.state === 'pending' && now - row.createdAt > PENDING_TIMEOUT_MS)) return { kind: 'none' };
  if (row.state === 'done' && row.status !== undefined && row.response !== undefined)
    return { kind: 'replay', status: row.status, body: row.response };
  return row.state === 'calling' && now - row.createdAt > PENDING_TIMEOUT_MS ? { kind: 'uncertain' } : { kind: 'in-flight' };
}

type Outcome = Extract<Claim, { kind: 'replay' | 'in-flight' | 'uncertain' }>;

type Stored = { fingerprint: string; state: 'pending' | 'calling' | 'done'; status?: number; response?: string; createdAt: number };

/**
 * One payment form key's claim (above): a Durable Object of its own per key, created near the
 * visitor who submits it, so the promise that a key charges once is strongly consistent without a
 * round trip to one region. It forgets itself once no page could still send its key (an alarm
 * `KEEP_ANSWERS_MS` after the claim).
 */
export class PaymentClaim extends DurableObject<Env> {
  #storage = this.ctx.storage;
  /** Sends waiting for this key's answer: woken when it is kept or the claim freed. */
  #waiting: Array<() => void> = [];

  /**
   * Claims the key, or says what became of its first send, whatever this one's fields (the
   * fingerprint is kept for objects of the version before, which compared it). A send that finds
   * the first still under way waits up to `waitMs` for its answer; should the first be freed
   * meanwhile (it charged nothing), this one takes the key. `now` stays second, where the version
   * before takes it, so a caller of either version is understood by both.
   */
  async claim(fingerprint: string, now = Date.now(), waitMs = 0): Promise<Exclude<Claim, { kind: 'none' | 'conflict' }>> {
    const until = performance.now() + waitMs;
    for (let at = now; ; at = Date.now()) {
      const row = await this.#storage.get<Stored>('claim');
      if (!row || (row.state === 'pending' && at - row.createdAt > PENDING_TIMEOUT_MS)) {
        await this.#storage.put<Stored>('claim', { fingerprint, state: 'pending', createdAt: at });
        await this.#storage.setAlarm(at + KEEP_ANSWERS_MS);
        return { kind: 'new', since: at };
      }
      const outcome = outcomeOf(row, at) as Outcome;
      if (outcome.kind !== 'in-flight' || performance.now() >= until) return outcome;
      await this.#answerOrTimeout(until - performance.now());
    }
  }

  /** What became of the key, claiming nothing (a key that ran out): waits like `claim` while its first send is under way. */
  async outcome(waitMs = 0): Promise<Claim> {
    const until = performance.now() + waitMs;
    for (;;) {
      const outcome = outcomeOf((await this.#storage.get<Stored>('claim')) ?? null);
      if (outcome.kind !== 'in-flight' || performance.now() >= until) return outcome;
      await this.#answerOrTimeout(until - performance.now());
    }
  }

  /** Resolves when an answer is kept or the claim freed, or after `ms`. */
  #answerOrTimeout(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#waiting.push(() => (clearTimeout(timer), resolve()));
    });
  }

  #wake(): void {
    for (const wake of this.#waiting.splice(0)) wake();
  }

  /**
   * Marks the claim as charging, awaited before the charge is sent: from then on it is handed out
   * again only as what became of it. Each step names the claim it acts on by `since` (when it was
   * claimed), so a request that outlived its pending time never acts on the claim of the request
   * that took the key after it: it is refused here, and charges nothing. `since` comes last and
   * may be missing: during a gradual release a Worker of the version before calls without it, and
   * an object of that version ignores it.
   */
  async calling(since?: number): Promise<void> {
    const row = await this.#storage.get<Stored>('claim');
    if (!row || !this.#same(row, since) || row.state !== 'pending') throw new Error('claim-not-pending');
    await this.#storage.put<Stored>('claim', { ...row, state: 'calling' });
  }

  /** Keeps the answer, which a second submission of the key is given as it is. */
  async settle(status: number, response: string, since?: number): Promise<void> {
    const row = await this.#storage.get<Stored>('claim');
    if (row && this.#same(row, since)) await this.#storage.put<Stored>('claim', { ...row, state: 'done', status, response });
    this.#wake();
  }

  /** Frees a key whose charge was never sent, so the same form may try again. */
  async release(since?: number): Promise<void> {
    const row = await this.#storage.get<Stored>('claim');
    if (row && this.#same(row, since) && row.state !== 'done') await this.#storage.delete('claim');
    this.#wake();
  }

  /** Whether `row` is the claim a request made at `since` (any, for a caller of the version before). */
  #same(row: Stored, since: number | undefined): boolean {
    return since === undefined || row.createdAt === since;
  }

  /** What the store holds for this key (the tests of what is kept read it). */
  async stored(): Promise<Stored | null> {
    return (await this.#storage.get<Stored>('claim')) ?? null;
  }

  override async alarm(): Promise<void> {
    await this.#storage.deleteAll();
  }
}
