export const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** A US mobile number as the backend takes it: 10 digits, a leading country code 1 dropped. */
export function usNumber(value: string): string | null {
  const digits = digitsOf(value);
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/**
 * A mobile number as typed (at most 40 characters, at least 10 digits once everything else is
 * stripped, and a US number), as the 10 digits the backend takes; null for anything else.
 * Plain code, so the text-me-a-link island checks it without a schema library.
 */
export function mobileNumber(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  return usNumber(value);
}

/** The last four digits, for logs and messages that must not show a whole number. */
