import { PAYEE_ID } from '../domain/payee';
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

export type FormKeyCheck = 'valid' | 'forged' | 'expired' | 'other-payee';

export async function checkFormKey(secret: string, key: string, payeeId: string, now = Date.now()): Promise<FormKeyCheck> {
  const match = FORM_KEY.exec(key);
  if (!match || !PAYEE_ID.test(payeeId)) return 'forged';
  const [, payee, expires, nonce, signature] = match as unknown as [string, string, string, string, string];
  if (!(await keyedHashMatches(secret, `${payee}-${expires}-${nonce}`, signature))) return 'forged';
  if (payee !== payeeId) return 'other-payee';
  return Number(expires) * 1000 > now ? 'valid' : 'expired';
}
