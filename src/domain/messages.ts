/** Field messages more than one form shows, each written once (specs §5 and §8). No zod here: islands import it. */
export const REQUIRED = 'Required';
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const INVALID_TOKEN = 'Invalid token.';
/** A field posted twice where the form has it once. */
export const SENT_TWICE = 'Sent more than once.';
/** A payee's address name that cannot be one. */
export const INVALID_PAYEE_NAME = 'Invalid payee name.';
