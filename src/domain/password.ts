/** Password reset texts and rules (pay-pages spec §4, §5, §8). */
export const PASSWORD_MIN = 8;
export const HINT_LENGTH_TODO = 'Please include at least 8 characters.';
export const HINT_LENGTH_DONE = 'Password is at least 8 characters.';
export const HINT_MATCH_TODO = 'Password must match.';
export const HINT_MATCH_DONE = 'Your passwords match.';
export const NO_TOKEN_TITLE = 'Trying to change your password?';
export const PASSWORD_CHANGED = 'Your password has been updated. Please return to the app to sign in.';
export const LINK_EXPIRED = 'This link has expired';
export const MISMATCH = 'Something went wrong, please try again.';

export type ResetView = 'show-form' | 'expired' | 'mismatch' | 'pass-changed';

/** The view a reset answer leads to; any failure of the call shows the expired view. */
export function resetView(answer: { success: boolean; status: string } | null): ResetView {
  if (!answer) return 'expired';
  if (answer.status === 'USER_VALIDATED') return 'show-form';
  if (answer.status === 'MISMATCH_USER_ID_FOR_RESET') return 'mismatch';
  if (answer.status === 'PASSWORD_CHANGED') return 'pass-changed';
  return 'expired';
}

export const passwordReady = (password: string, confirm: string) => password.length >= PASSWORD_MIN && password === confirm;

/** The `_form` name of the new-password form. */
export const RESET_FORM = 'reset';
