/**
 * The backend's decline messages (contract, test cards), each with the reason it stands for. The
 * reason says which field the visitor fixes and is what operators count; a message the site does
 * not know is a decline of the card (`other`).
 */
export const DECLINE_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  securityCode: 'The security code is incorrect.',
} as const;

export type DeclineReason = keyof typeof DECLINE_MESSAGES | 'other';

const REASON_OF = new Map<string, DeclineReason>(
  Object.entries(DECLINE_MESSAGES).map(([reason, message]) => [message, reason as DeclineReason]),
);

/** The reason behind a backend's decline message, read as the backend words it. */
export const declineReason = (message: string): DeclineReason => REASON_OF.get(message.trim()) ?? 'other';

/**
 * Where a decline is fixed: a wrong security code at the security code (the card is right), any
 * other decline at the card number (another card, most often).
 */
export type DeclineField = 'ccn' | 'cvv';
export const declineField = (reason: DeclineReason): DeclineField => (reason === 'securityCode' ? 'cvv' : 'ccn');
