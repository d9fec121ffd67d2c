import { DECLINED_TEST_CARDS, WRONG_CODE, WRONG_CODE_CVV } from '../../domain/demo';

/** The decline message for a test card (contract §6, `src/domain/demo.ts`), or null when it is charged. */
export function testCardDecline(digits: string, cvv: string): string | null {
  return DECLINED_TEST_CARDS[digits] ?? (cvv === WRONG_CODE_CVV ? WRONG_CODE : null);
}
