import { describe, expect, it } from 'vitest';
import { emailToken, NOT_FOUND_EMAIL, payLaterOutcome, promotionOpen } from '../../src/domain/pay-later';

describe('pay-later', () => {
  it('is open through its last day, Pacific time', () => {
    expect(promotionOpen('2019-09-30', new Date('2019-09-30T23:00:00-07:00'))).toBe(true);
    expect(promotionOpen('2019-09-30', new Date('2019-10-01T00:30:00-07:00'))).toBe(false);
    expect(promotionOpen('not a date', new Date('2019-01-01T00:00:00Z'))).toBe(false);
  });

  it('maps every answer from the email form', () => {
    expect(payLaterOutcome('welcomeInput', { status: 'success' })).toEqual({ view: 'success' });
    expect(payLaterOutcome('welcomeInput', { status: 'error', result: { code: 'USER_ENROLLED_ALREADY' } })).toEqual({
      view: 'successDuplicate',
    });
    for (const code of ['USER_NOT_FOUND', 'USER_NOT_ENROLLED'] as const) {
      expect(payLaterOutcome('welcomeInput', { status: 'error', result: { code } })).toEqual({
        view: 'welcomeInput',
        inlineError: NOT_FOUND_EMAIL,
      });
    }
    expect(payLaterOutcome('welcomeInput', null)).toEqual({ view: 'oops' });
  });

  it('maps every answer from a link with a token', () => {
    expect(payLaterOutcome('welcomeQuery', { status: 'success' })).toEqual({ view: 'success' });
    expect(payLaterOutcome('welcomeQuery', { status: 'error', result: { code: 'USER_NOT_FOUND' } })).toEqual({
      view: 'oops',
      notFound: true,
    });
    expect(payLaterOutcome('welcomeQuery', { status: 'error', result: { code: 'USER_ENROLLED_ALREADY' } })).toEqual({
      view: 'successDuplicate',
    });
    expect(payLaterOutcome('welcomeQuery', null)).toEqual({ view: 'oops' });
  });

  it('makes the token as base64 of the email', () => {
    expect(emailToken(' member@example.com ')).toBe(btoa('member@example.com'));
  });
});
