/**
 * The shape of a payment form's form key (signed and checked in `src/security/form-keys.ts`):
 * `<payeeId>-<expires, unix seconds>-<64 hex: the id of the key's payment claim>-<64 hex of HMAC-SHA256>`.
 * The shape before it, with 24 hex of randomness in the claim id's place, is still taken: a page
 * drawn by the version before this one is paid by this one (its claim named as that version named it).
 */
export const FORM_KEY = /^(\d{1,18})-(\d{10})-([0-9a-f]{64}|[0-9a-f]{24})-([0-9a-f]{64})$/;

/** Whether a key has run out by this clock: the form island asks for a fresh one before it sends. */
export function formKeyRanOut(key: string, now = Date.now()): boolean {
  const match = FORM_KEY.exec(key);
  return !!match && Number(match[2]) * 1000 <= now;
}

/** Where a form whose key ran out while the payer was away asks for a fresh one (`GET ?p=<payeeId>`). */
export const FORM_KEY_PATH = '/api/payment_form_key';
