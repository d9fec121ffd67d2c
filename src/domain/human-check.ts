/**
 * Cloudflare Turnstile's implicit widget: its script finds each `.cf-turnstile` element, draws the
 * check there and puts the token into the enclosing form as a hidden field, so a form posts it
 * even before (or without) our island. Islands read the token from the same field.
 */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js';
export const HUMAN_TOKEN_FIELD = 'cf-turnstile-response';
/** The interactive check's token, its widget's own field (`data-response-field-name`), so it never passes as the site's check. */
export const INTERACTIVE_TOKEN_FIELD = 'interactiveToken';
