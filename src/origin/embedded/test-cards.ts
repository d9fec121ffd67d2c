import { DECLINED_TEST_CARDS, WRONG_CODE, WRONG_CODE_CVV } from '../../demo/cards';

/** The decline message for a test card (contract §6, `src/demo/cards.ts`), or null when it is charged. */
export function testCardDecline(digits: string, cvv: string): string | null {
  return DECLINED_TEST_CARDS[digits] ?? (cvv === WRONG_CODE_CVV ? WRONG_CODE : null);
}
