/**
 * The shape of a payment form's form key (signed and checked in `src/security/form-keys.ts`):
 * `<payeeId>-<expires, unix seconds>-<64 hex: the id of the key's payment claim>-<64 hex of HMAC-SHA256>`.
 * The shape before it, with 24 hex of randomness in the claim id's place, is still taken: a page
 * drawn by the version before this one is paid by this one (its claim named as that version named it).
 */
export const FORM_KEY = /^(\d{1,18})-(\d{10})-([0-9a-f]{64}|[0-9a-f]{24})-([0-9a-f]{64})$/;

/** A fresh key for a payee's card form, as its page would issue one (`GET ?p=<payeeId>`): the API's, for a client that holds the form itself. */
export const FORM_KEY_PATH = '/api/payment_form_key';
