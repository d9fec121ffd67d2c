/** Field messages more than one form shows, each written once (specs §5 and §8). No zod here: islands import it. */
export const REQUIRED = 'Required';
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const INVALID_TOKEN = 'Invalid token.';
