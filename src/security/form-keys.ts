import { FORM_KEY } from '../domain/form-key';
import { PAYEE_ID } from '../domain/payee';
import { IsolateMemo } from '../lib/isolate-memo';
import { keyedHashes, keyedHashMatches, toHex } from './keyed-hash';

/**
 * The form key of a payment form, issued by the page and checked by the API: bound to one
 * payee, valid for 30 minutes, signed with FORM_KEY_SECRET so a key the site did not issue is
 * refused. The same key is also the idempotency key: sent twice, it charges once.
 *
 * `<payeeId>-<expires, unix seconds>-<24 hex of randomness>-<64 hex of HMAC-SHA256>`
 */
export const FORM_KEY_LIFETIME_MS = 30 * 60 * 1000;
export { FORM_KEY };

export async function issueFormKey(secret: string, payeeId: string, now = Date.now()): Promise<string> {
  return (await issueFormKeys(secret, payeeId, 1, now))[0]!;
}

/** `count` keys at once: one draw of randomness, the signatures made together. */
async function issueFormKeys(secret: string, payeeId: string, count: number, now: number): Promise<string[]> {
  const expires = Math.floor((now + FORM_KEY_LIFETIME_MS) / 1000);
  const random = toHex(crypto.getRandomValues(new Uint8Array(NONCE_BYTES * count)));
  const bodies = Array.from(
    { length: count },
    (_, i) => `${payeeId}-${expires}-${random.slice(i * NONCE_BYTES * 2, (i + 1) * NONCE_BYTES * 2)}`,
  );
  const signatures = await keyedHashes(secret, bodies);
  return bodies.map((body, i) => `${body}-${signatures[i]}`);
}
const NONCE_BYTES = 12;

/**
 * A page's key: taken from the keys signed ahead for its payee when there are some, so the page
 * does not wait for a signature of its own. Every key has its own randomness and its own
 * signature and is handed out once, oldest first, at most a minute after it was signed; it is
 * signed to expire FORM_KEY_LIFETIME_MS after the end of that minute, so every visitor still has
 * the whole lifetime. A payee's first view in a minute is signed on the spot; a second, and any
 * view that leaves fewer than half a batch, asks for a batch, signed after the answer (`later`):
 * a payee seen once a day costs no batch.
 */
export function formKeyForPage(
  secret: string,
  payeeId: string,
  later: (work: Promise<unknown>) => void,
  now = Date.now(),
): Promise<string> {
  const name = `${payeeId} ${secret}`;
  const stock = signedAhead.get(name, now);
  if (!stock) {
    signedAhead.set(name, { keys: [], signing: false }, now + SIGNED_AHEAD_MS);
    return issueFormKey(secret, payeeId, now);
  }
  let taken = stock.keys.pop();
  while (taken && taken.until <= now) taken = stock.keys.pop();
  if (stock.keys.length < SIGNED_AHEAD_BATCH / 2 && !stock.signing) {
    stock.signing = true;
    const until = now + SIGNED_AHEAD_MS;
    later(
      issueFormKeys(secret, payeeId, SIGNED_AHEAD_BATCH, until).then(
        (keys) => {
          stock.keys.unshift(...keys.map((key) => ({ key, until })));
          stock.signing = false;
          signedAhead.set(name, stock, until);
        },
        () => (stock.signing = false),
      ),
    );
  }
  return taken ? Promise.resolve(taken.key) : issueFormKey(secret, payeeId, now);
}

const SIGNED_AHEAD_MS = 60_000;
const SIGNED_AHEAD_BATCH = 16;
/** Per payee and secret: the keys signed ahead and not yet handed out, the oldest last. */
const signedAhead = new IsolateMemo<{ keys: { key: string; until: number }[]; signing: boolean }>(500);

export type FormKeyCheck = 'valid' | 'forged' | 'expired' | 'other-payee';

export async function checkFormKey(secret: string, key: string, payeeId: string, now = Date.now()): Promise<FormKeyCheck> {
  const match = FORM_KEY.exec(key);
  if (!match || !PAYEE_ID.test(payeeId)) return 'forged';
  const [, payee, expires, nonce, signature] = match as unknown as [string, string, string, string, string];
  if (!(await keyedHashMatches(secret, `${payee}-${expires}-${nonce}`, signature))) return 'forged';
  if (payee !== payeeId) return 'other-payee';
  return Number(expires) * 1000 > now ? 'valid' : 'expired';
}
