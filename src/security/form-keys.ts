import { PAYEE_ID } from '../domain/payee';
import { IsolateMemo } from '../lib/isolate-memo';
import { keyedHash, keyedHashMatches, toHex } from './keyed-hash';

/**
 * The submit key of a payment form, issued by the page and checked by the API: bound to one
 * payee, valid for 30 minutes, signed with FORM_KEY_SECRET so a key the site did not issue is
 * refused. The same key is also the idempotency key: sent twice, it charges once.
 *
 * `<payeeId>-<expires, unix seconds>-<24 hex of randomness>-<64 hex of HMAC-SHA256>`
 */
export const FORM_KEY_LIFETIME_MS = 30 * 60 * 1000;
export const FORM_KEY = /^(\d{1,18})-(\d{10})-([0-9a-f]{24})-([0-9a-f]{64})$/;

export async function issueFormKey(secret: string, payeeId: string, now = Date.now()): Promise<string> {
  const expires = Math.floor((now + FORM_KEY_LIFETIME_MS) / 1000);
  const nonce = toHex(crypto.getRandomValues(new Uint8Array(12)));
  const body = `${payeeId}-${expires}-${nonce}`;
  return `${body}-${await keyedHash(secret, body)}`;
}

/**
 * A page's key: taken from a batch signed ahead for its payee when there is one, so the page does
 * not wait for a signature of its own. Every key in a batch has its own randomness and its own
 * signature and is handed out once, at most a minute after it was signed; it is signed to expire
 * FORM_KEY_LIFETIME_MS after the end of that minute, so every visitor still has the whole lifetime.
 * A payee's first view in a minute is signed on the spot; a second asks for a batch, signed after
 * the answer (`later`), so a payee seen once a day costs no batch.
 */
export function formKeyForPage(
  secret: string,
  payeeId: string,
  later: (work: Promise<unknown>) => void,
  now = Date.now(),
): string | Promise<string> {
  const name = `${payeeId} ${secret}`;
  const batch = signedAhead.get(name, now);
  if (!batch) {
    signedAhead.set(name, { keys: [], signing: false }, now + SIGNED_AHEAD_MS);
    return issueFormKey(secret, payeeId, now);
  }
  const key = batch.keys.pop();
  if (batch.keys.length < SIGNED_AHEAD_BATCH / 2 && !batch.signing) {
    batch.signing = true;
    const signing = Promise.all(Array.from({ length: SIGNED_AHEAD_BATCH }, () => issueFormKey(secret, payeeId, now + SIGNED_AHEAD_MS)));
    later(
      signing.then(
        (keys) => signedAhead.set(name, { keys, signing: false }, now + SIGNED_AHEAD_MS),
        () => (batch.signing = false),
      ),
    );
  }
  return key ?? issueFormKey(secret, payeeId, now);
}

const SIGNED_AHEAD_MS = 60_000;
const SIGNED_AHEAD_BATCH = 16;
/** Per payee and secret: the keys signed ahead and not yet handed out. */
const signedAhead = new IsolateMemo<{ keys: string[]; signing: boolean }>(500);

export type FormKeyCheck = 'valid' | 'forged' | 'expired' | 'other-payee';

export async function checkFormKey(secret: string, key: string, payeeId: string, now = Date.now()): Promise<FormKeyCheck> {
  const match = FORM_KEY.exec(key);
  if (!match || !PAYEE_ID.test(payeeId)) return 'forged';
  const [, payee, expires, nonce, signature] = match as unknown as [string, string, string, string, string];
  if (!(await keyedHashMatches(secret, `${payee}-${expires}-${nonce}`, signature))) return 'forged';
  if (payee !== payeeId) return 'other-payee';
  return Number(expires) * 1000 > now ? 'valid' : 'expired';
}
