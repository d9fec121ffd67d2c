export const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** A US number as the backend takes it: 10 digits, a leading country code 1 dropped. */
export function usNumber(value: string): string | null {
  const digits = digitsOf(value);
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/**
 * Whether a carrier can reach 10 digits: by the North American Numbering Plan an area code and
 * an exchange each start with 2 to 9, so `(155) 955-5019` is no number at all.
 */
export const reachable = (digits: string): boolean => /^[2-9]\d{2}[2-9]\d{6}$/.test(digits);

/** How a phone number read from a field is wrong: not 10 digits (or 1 and 10), or unreachable. */
export type PhoneProblem = 'invalid' | 'unreachable';

/**
 * A US phone number however it is written (`+1 (559) 555-0199`, `1-559-555-0199`,
 * `559.555.0199`, at most 40 characters), read as its 10 digits, or what is wrong with it. The
 * one rule of every phone field: the masks, the islands and the server's schemas use it.
 */
export function readPhone(value: unknown): { digits: string } | { problem: PhoneProblem } {
  if (typeof value !== 'string' || value.length > 40) return { problem: 'invalid' };
  const digits = usNumber(value);
  if (!digits) return { problem: 'invalid' };
  return reachable(digits) ? { digits } : { problem: 'unreachable' };
}

/** 10 digits as the site writes a number: `(559) 555-0199`. */
export const formatPhone = (digits: string): string => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

/**
 * Text put at the very start of a phone field (typed, pasted or autofilled) without its country
 * code: no US area code starts with 1, so a leading `1`, `+1` or `1-` is the country code. The
 * masks call it, so `+1 (559) 555-0199` fills `(559) 555-0199` instead of shifting every digit.
 */
export const withoutCountryCode = (text: string): string => text.replace(/^[\s(]*\+?\s*1/, '');

/** The last four digits, for logs and messages that must not show a whole number. */
