/** Password reset rules (pay-pages spec §4, §5, §8); the page's words are the catalogue's `passwordReset`. */
export const PASSWORD_MIN = 8;
/**
 * The two rules' messages, which the schemas and the get-paid form also give: the English
 * catalogue takes them from here, and they are said again in the visitor's language where shown.
 */
export const PASSWORD_TOO_SHORT = 'Please include at least 8 characters.';
export const PASSWORDS_DIFFER = 'Password must match.';

export type ResetView = 'show-form' | 'expired' | 'mismatch' | 'pass-changed';

/** The view a reset answer leads to; any failure of the call shows the expired view. */
export function resetView(answer: { success: boolean; status: string } | null): ResetView {
  if (!answer) return 'expired';
  if (answer.status === 'USER_VALIDATED') return 'show-form';
  if (answer.status === 'MISMATCH_USER_ID_FOR_RESET') return 'mismatch';
  if (answer.status === 'PASSWORD_CHANGED') return 'pass-changed';
  return 'expired';
}

/**
 * Whether an answer of the reset API is the site's own refusal, given before the backend was asked
 * (the human check failed: 400; too many links tried: 429): its message is said at the form, which
 * stays. Any other failed answer is a failure of the call, the expired view (spec §8).
 */
export const resetRefusedBySite = (status: number) => status === 400 || status === 429;

export const passwordReady = (password: string, confirm: string) => password.length >= PASSWORD_MIN && password === confirm;

/** The `_form` name of the new-password form. */
export const RESET_FORM = 'reset';
