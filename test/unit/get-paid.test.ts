import { describe, expect, it } from 'vitest';
import { accessCodeValid, getPaidEmailValid, successTarget } from '../../src/domain/get-paid';

describe('get-paid rules', () => {
  it('takes access codes longer than 5 characters', () => {
    expect(accessCodeValid('ACCES')).toBe(false);
    expect(accessCodeValid(' ACCES ')).toBe(false);
    expect(accessCodeValid('ACCESS')).toBe(true);
  });

  it('takes a non-empty email with @', () => {
    expect(getPaidEmailValid('')).toBe(false);
    expect(getPaidEmailValid('biller.example.com')).toBe(false);
    expect(getPaidEmailValid(' biller@example.com ')).toBe(true);
  });

  it('sends success views to the biller panel or the brand kit', () => {
    expect(successTarget('successUser', {}, '/biller')).toBe('/biller?hasAccount=true');
    expect(successTarget('successUser', { sessionToken: 'gp 1&x' }, '/biller')).toBe('/biller?sessionToken=gp+1%26x');
    expect(successTarget('successAg', { sessionToken: 'gp_1' }, '/biller?x=1')).toBe('/biller?x=1&agentToken=gp_1');
    expect(successTarget('successKit', {}, '/biller')).toBe('/brand-kit?company');
    expect(successTarget('setPass', {}, '/biller')).toBeNull();
  });
});
