import { DurableObject } from 'cloudflare:workers';
import { FORM_KEY_LIFETIME_MS } from './form-keys';
import { keyedHash, toHex } from './keyed-hash';

/**
 * Idempotent payment submits (contract §5), keyed by the form key the page issued
 * (`form-keys.ts`): the same key answers the first result without a second origin call; the same
 * key with a different body is refused (422); a second request while the first is in flight
 * gets 409. The store holds the key's hash, never the key.
 *
 * A claim is `pending` from the request's start, `calling` once the backend has been asked to
 * charge, and `done` with the answer stored. A `calling` claim is never handed out again: the
 * charge may have gone through, so a retry is told so instead of charging twice.
 */
export type Claim =
  { kind: 'new' } | { kind: 'replay'; status: number; body: string } | { kind: 'conflict' } | { kind: 'in-flight' } | { kind: 'uncertain' };

/** What a submission was, to tell the same key sent with other details: a keyed hash, as it is made of a payer's details. */
export async function fingerprint(secret: string, parts: Record<string, string | undefined>): Promise<string> {
  const canonical = JSON.stringify(Object.entries(parts).sort(([a], [b]) => a.localeCompare(b)));
  return keyedHash(secret, canonical);
}

/** The name a form key is stored under: its SHA-256, so the store never holds a key that could be sent again. */
export async function keyRef(key: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
}

/**
 * A claim still `pending` (the backend not yet asked) this long belongs to a request that died
 * before charging: it is released, so the form is not answered 409 for ever. A `calling` claim
 * this old is the charge whose answer was never stored.
 */
export const PENDING_TIMEOUT_MS = 2 * 60 * 1000;
/**
 * Answers are kept as long as their key can be sent (30 minutes) and half an hour more: after
 * that the key itself is refused, so the answer serves nothing. The claim's alarm then forgets it.
 */
export const KEEP_ANSWERS_MS = FORM_KEY_LIFETIME_MS + 30 * 60 * 1000;

/** The claim of one form key: its own Durable Object (`PaymentClaim`), named by the key's name in the store. */
export function claimOf(namespace: DurableObjectNamespace<PaymentClaim>, ref: string): DurableObjectStub<PaymentClaim> {
  return namespace.get(namespace.idFromName(ref));
}

type Stored = { fingerprint: string; state: 'pending' | 'calling' | 'done'; status?: number; response?: string; createdAt: number };

/**
 * One payment form key's claim (above): a Durable Object of its own per
 * key, created near the visitor who submits it, so the promise that a key charges once is
 * strongly consistent without a round trip to one region. It forgets itself once the key can no
 * longer be sent (an alarm `KEEP_ANSWERS_MS` after the claim).
 */
export class PaymentClaim extends DurableObject<Env> {
  #storage = this.ctx.storage;

  /** Claims the key for a submission with this fingerprint, or says what became of the first one. */
  async claim(fingerprint: string, now = Date.now()): Promise<Claim> {
    const row = await this.#storage.get<Stored>('claim');
    const stale = !!row && now - row.createdAt > PENDING_TIMEOUT_MS;
    if (!row || (row.state === 'pending' && stale)) {
      await this.#storage.put<Stored>('claim', { fingerprint, state: 'pending', createdAt: now });
      await this.#storage.setAlarm(now + KEEP_ANSWERS_MS);
      return { kind: 'new' };
    }
    if (row.fingerprint !== fingerprint) return { kind: 'conflict' };
    if (row.state === 'calling' && stale) return { kind: 'uncertain' };
    if (row.state !== 'done' || row.status === undefined || row.response === undefined) return { kind: 'in-flight' };
    return { kind: 'replay', status: row.status, body: row.response };
  }

  /** Marks the claim as charging: from now on it is never released or handed out again. */
  async calling(): Promise<void> {
    const row = await this.#storage.get<Stored>('claim');
    if (row) await this.#storage.put<Stored>('claim', { ...row, state: 'calling' });
  }

  /** Keeps the answer, which a second submission of the key is given as it is. */
  async settle(status: number, response: string): Promise<void> {
    const row = await this.#storage.get<Stored>('claim');
    if (row) await this.#storage.put<Stored>('claim', { ...row, state: 'done', status, response });
  }

  /** Frees a key whose request never reached the backend, so the same form may try again. */
  async release(): Promise<void> {
    const row = await this.#storage.get<Stored>('claim');
    if (row && row.state !== 'done') await this.#storage.delete('claim');
  }

  /** What the store holds for this key (the tests of what is kept read it). */
  async stored(): Promise<Stored | null> {
    return (await this.#storage.get<Stored>('claim')) ?? null;
  }

  override async alarm(): Promise<void> {
    await this.#storage.deleteAll();
  }
}
