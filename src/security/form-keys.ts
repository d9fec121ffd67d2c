import { FORM_KEY } from '../domain/form-key';
import { PAYEE_ID } from '../domain/payee';
import { IsolateMemo } from '../lib/isolate-memo';
import { keyedHash, keyedHashes, keyedHashMatches } from './keyed-hash';

/**
 * The form key of a payment form, issued by the page and checked by the API: bound to one
 * payee, valid for 30 minutes, signed with FORM_KEY_SECRET so a key the site did not issue is
 * refused. The same key is also the idempotency key: sent twice, it charges once.
 *
 * `<payeeId>-<expires, unix seconds>-<claim id>-<64 hex of HMAC-SHA256>`: the claim id is a
 * `newUniqueId` of the `PaymentClaim` namespace, minted with the key, so the claim's object is
 * reached by its id and never waits on the check a name's first use costs (payment-claim.ts).
 */
export const FORM_KEY_LIFETIME_MS = 30 * 60 * 1000;
export { FORM_KEY };

/** Mints the id of a new key's claim: `() => env.CLAIMS.newUniqueId().toString()` (`claimIds`). */
export type MintClaimId = () => string;

/** The ids of new claims, from the claims' namespace: made here, with no call to anything. */
export const claimIds =
  (namespace: Pick<DurableObjectNamespace, 'newUniqueId'>): MintClaimId =>
  () =>
    namespace.newUniqueId().toString();

export async function issueFormKey(secret: string, payeeId: string, mint: MintClaimId, now = Date.now()): Promise<string> {
  return (await issueFormKeys(secret, payeeId, mint, 1, now))[0]!;
}

/** `count` keys at once, the signatures made together. */
async function issueFormKeys(secret: string, payeeId: string, mint: MintClaimId, count: number, now: number): Promise<string[]> {
  const expires = Math.floor((now + FORM_KEY_LIFETIME_MS) / 1000);
  const bodies = Array.from({ length: count }, () => `${payeeId}-${expires}-${mint()}`);
  const signatures = await keyedHashes(secret, bodies);
  return bodies.map((body, i) => `${body}-${signatures[i]}`);
}

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
  mint: MintClaimId,
  later: (work: Promise<unknown>) => void,
  now = Date.now(),
): Promise<string> {
  const name = `${payeeId} ${secret}`;
  const stock = signedAhead.get(name, now);
  if (!stock) {
    signedAhead.set(name, { keys: [], signing: false }, now + SIGNED_AHEAD_MS);
    return issueFormKey(secret, payeeId, mint, now);
  }
  let taken = stock.keys.pop();
  while (taken && taken.until <= now) taken = stock.keys.pop();
  if (stock.keys.length < SIGNED_AHEAD_BATCH / 2 && !stock.signing) {
    stock.signing = true;
    const until = now + SIGNED_AHEAD_MS;
    later(
      issueFormKeys(secret, payeeId, mint, SIGNED_AHEAD_BATCH, until).then(
        (keys) => {
          stock.keys.unshift(...keys.map((key) => ({ key, until })));
          stock.signing = false;
          signedAhead.set(name, stock, until);
        },
        () => (stock.signing = false),
      ),
    );
  }
  return taken ? Promise.resolve(taken.key) : issueFormKey(secret, payeeId, mint, now);
}

const SIGNED_AHEAD_MS = 60_000;
const SIGNED_AHEAD_BATCH = 16;
/** Per payee and secret: the keys signed ahead and not yet handed out, the oldest last. */
const signedAhead = new IsolateMemo<{ keys: { key: string; until: number }[]; signing: boolean }>(500);

export type FormKeyCheck = 'valid' | 'forged' | 'expired' | 'other-payee';

/** The id of a well-formed key's claim (its signature not checked: `checkFormKey` does that). */
export function claimIdOf(key: string): string | undefined {
  return FORM_KEY.exec(key)?.[3];
}

export async function checkFormKey(secret: string, key: string, payeeId: string, now = Date.now()): Promise<FormKeyCheck> {
  const match = FORM_KEY.exec(key);
  if (!match || !PAYEE_ID.test(payeeId)) return 'forged';
  const [, payee, expires, claimId, signature] = match as unknown as [string, string, string, string, string];
  if (!(await keyedHashMatches(secret, `${payee}-${expires}-${claimId}`, signature))) return 'forged';
  if (payee !== payeeId) return 'other-payee';
  return Number(expires) * 1000 > now ? 'valid' : 'expired';
}

/**
 * The signature of the site's own page of an approved payment (`approvedPath`): made when the
 * backend approved the charge, so the page is drawn from its address alone, whatever became of
 * the claim's stored answer, and an address nobody was given is refused.
 */
export function approvalSignature(secret: string, claimId: string, payeeId: string): Promise<string> {
  return keyedHash(secret, `approved|${claimId}|${payeeId}`);
}

export function approvalSigned(secret: string, claimId: string, payeeId: string, signature: string): Promise<boolean> {
  return keyedHashMatches(secret, `approved|${claimId}|${payeeId}`, signature);
}
