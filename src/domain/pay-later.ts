import { looksLikeEmail } from './email';

/** The pay-later opt-in (shell spec §2, §4, §8); its words are the catalogue's `payLater`. */
export const PAY_LATER_CODES = ['USER_NOT_FOUND', 'USER_NOT_ENROLLED', 'USER_ENROLLED_ALREADY'] as const;
export type PayLaterResult = { status: 'success' } | { status: 'error'; result: { code: (typeof PAY_LATER_CODES)[number] } };

export type PayLaterView = 'welcomeInput' | 'welcomeQuery' | 'expired' | 'oops' | 'success' | 'successDuplicate';

/** Open through the last day, in Pacific time, where the promotion was run. */
export function promotionOpen(until: string, now: Date): boolean {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(now);
  return /^\d{4}-\d{2}-\d{2}$/.test(until) && today <= until;
}

/** A view, and whether the email or token matched no member (said at the field, or as the oops view's title). */
export type PayLaterOutcome = { view: PayLaterView; notFound?: boolean };

/** Where an answer leads, from the email form (welcomeInput) or a link with a token (welcomeQuery). */
export function payLaterOutcome(from: 'welcomeInput' | 'welcomeQuery', result: PayLaterResult | null): PayLaterOutcome {
  if (!result) return { view: 'oops' };
  if (result.status === 'success') return { view: 'success' };
  const code = result.result.code;
  if (code === 'USER_ENROLLED_ALREADY') return { view: 'successDuplicate' };
  if (from === 'welcomeInput') return { view: 'welcomeInput', notFound: true };
  return { view: 'oops', notFound: code === 'USER_NOT_FOUND' };
}

/** The link token: base64 of the email. */
export const emailToken = (email: string) => btoa(unescape(encodeURIComponent(email.trim())));

/**
 * The email that `ue` names, as the backend takes it: the email itself, or its token (base64, or
 * base64's URL-safe form). Undefined when it is neither, and then it is never sent to the backend.
 */
export function tokenEmail(ue: string): string | undefined {
  const plain = (text: string) => (looksLikeEmail(text) ? text.trim() : undefined);
  if (ue.includes('@')) return plain(ue);
  try {
    return plain(decodeURIComponent(escape(atob(ue.replace(/-/g, '+').replace(/_/g, '/')))));
  } catch {
    return undefined;
  }
}

/** An answer that says the email or token matched no member: a guess, as far as the site can tell. */
export const payLaterMiss = (result: PayLaterResult) =>
  result.status === 'error' && (result.result.code === 'USER_NOT_FOUND' || result.result.code === 'USER_NOT_ENROLLED');

/** The `_form` name of the pay-later email form. */
export const PAY_LATER_FORM = 'pay-later';
/** The result views a pay-later form post can lead to. */
export const PAY_LATER_RESULTS: readonly PayLaterView[] = ['success', 'successDuplicate', 'oops'];
