/**
 * The contract's test cards (§6), answered as a processor's test mode answers them: every valid
 * card is charged except these numbers, and any card with the security code 000.
 */
const DECLINED: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
};
export const WRONG_CODE = 'The security code is incorrect.';

/** The decline message for a test card, or null when it is charged. */
export function testCardDecline(digits: string, cvv: string): string | null {
  return DECLINED[digits] ?? (cvv === '000' ? WRONG_CODE : null);
}
