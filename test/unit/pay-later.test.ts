import { describe, expect, it } from 'vitest';
import { emailToken, payLaterOutcome, promotionOpen, tokenEmail } from '../../src/domain/pay-later';

describe('pay-later', () => {
  it('reads an email from the email itself or from a token emailToken wrote, and nothing else', () => {
    for (const email of ['member@example.com', 'josé.núñez@example.com']) expect(tokenEmail(emailToken(email))).toBe(email);
    expect(tokenEmail('member@example.com')).toBe('member@example.com');
    expect(tokenEmail(emailToken('a+b@example.com').replace(/\+/g, '-').replace(/\//g, '_'))).toBe('a+b@example.com');
    for (const bad of ['/', '', 'a', '====', '%%%', '@', 'a @b', btoa('\u0000'), btoa('member'), btoa('\xff\xfe')])
      expect(tokenEmail(bad), bad).toBeUndefined();
  });

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
        notFound: true,
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
