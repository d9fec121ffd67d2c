import { describe, expect, it } from 'vitest';
import { decideWithoutPayee, resolvePayee, type ResolutionInput } from '../../src/domain/payee-resolution';
import { DEMO_PAYEES } from '../../src/origin/embedded/demo-data';
import type { Payee } from '../../src/domain/payee';
import { PayeeSchema } from '../../src/origin/schemas';

const payee = (id: string): Payee => PayeeSchema.parse(DEMO_PAYEES.find((p) => p.payeeId === id));
const lists = {
  webPayUrl: 'https://webpay.papayapay.com',
  genericPayNames: ['pay', 'bill', 'papaya'],
  multiOptionProviders: ['harborhealth'],
  webFormPayeeNames: ['quickpay'],
};
const input = (over: Partial<ResolutionInput>): ResolutionInput => ({
  query: '',
  route: 'pay',
  device: 'desktop',
  flag: 'on',
  requestUrl: 'https://papaya.test/pay?p=valleymed',
  lists,
  ...over,
});

describe('pay page resolution', () => {
  it('index.php goes home', () => {
    expect(resolvePayee(input({ query: 'index.php' }), null)).toEqual({ kind: 'redirect', reason: 'go-home', location: '/home' });
  });

  it.each(['smartsource', 'bilh', 'pmsia'])('%s sends phones to /webpay with its clean name, desktops to the SMS form', (name) => {
    const logo = name === 'smartsource' ? '' : '&showLogo=true';
    for (const device of ['apple', 'android'] as const) {
      expect(resolvePayee(input({ query: name, device }), null)).toEqual({
        kind: 'redirect',
        reason: 'special-name',
        location: `https://webpay.papayapay.com/webpay?payeeNameClean=${name}&device=mobile&type=b${logo}`,
      });
    }
    expect(resolvePayee(input({ query: name.toUpperCase(), device: 'desktop' }), null)).toEqual({ kind: 'vanilla-sms' });
  });

  it('phones go to web pay when the flag is on, and when its check failed', () => {
    for (const flag of ['on', 'failed'] as const) {
      const r = resolvePayee(input({ query: 'valleymed', device: 'android', flag }), payee('1001'));
      expect(r).toEqual({
        kind: 'redirect',
        reason: 'mobile-web-pay',
        location: `https://webpay.papayapay.com/?referrer=${encodeURIComponent('https://papaya.test/pay?p=valleymed')}&device=mobile&p=valleymed`,
      });
    }
  });

  it('phones stay when the flag is off', () => {
    expect(resolvePayee(input({ query: 'valleymed', device: 'apple', flag: 'off' }), payee('1001'))).toMatchObject({
      kind: 'provider-sms',
    });
  });

  it('generic names and no name give the plain form', () => {
    for (const query of ['', 'pay', 'Bill', 'papaya']) expect(resolvePayee(input({ query }), null)).toEqual({ kind: 'vanilla-sms' });
  });

  it('a multi-option provider code on the provider route goes to the multi-option page', () => {
    expect(resolvePayee(input({ query: 'harborhealth', route: 'provider' }), payee('1004'))).toEqual({
      kind: 'redirect',
      reason: 'multi-option',
      location: '/web-payment-multi-option/harborhealth',
    });
  });

  it('the same code on the pay route or below the provider path gives its own form', () => {
    expect(resolvePayee(input({ query: 'harborhealth', route: 'pay' }), payee('1004'))).toMatchObject({ kind: 'provider-sms' });
    expect(resolvePayee(input({ query: 'harborhealth', route: 'slash' }), payee('1004'))).toMatchObject({ kind: 'provider-sms' });
  });

  it('a provider that is also billing, matched by id, gives the plain form', () => {
    expect(resolvePayee(input({ query: '1002' }), payee('1002'))).toEqual({ kind: 'vanilla-sms' });
    expect(resolvePayee(input({ query: 'lakeside' }), payee('1002'))).toMatchObject({ kind: 'provider-sms' });
  });

  it('a billing partner matched by billing url or id goes to the biller page', () => {
    for (const query of ['metrowater', '1003']) {
      expect(resolvePayee(input({ query }), payee('1003'))).toEqual({
        kind: 'redirect',
        reason: 'go-biller-page',
        location: '/payment/biller/biller.php?p=1003',
      });
    }
  });

  it('a named web-form payee goes straight to the web payment form on desktop only', () => {
    const quick = { ...payee('1008'), url: 'quickpay', urls: { url: 'quickpay', billingUrl: '' } };
    expect(resolvePayee(input({ query: 'quickpay' }), quick)).toEqual({
      kind: 'redirect',
      reason: 'web-form',
      location: '/web-payment?p=1008',
    });
    expect(resolvePayee(input({ query: 'quickpay', device: 'apple', flag: 'off' }), quick)).toMatchObject({ kind: 'provider-sms' });
  });

  it('a provider matched by url or id gives its own form', () => {
    expect(resolvePayee(input({ query: 'valleymed' }), payee('1001'))).toEqual({ kind: 'provider-sms', payee: payee('1001') });
    expect(resolvePayee(input({ query: '1001' }), payee('1001'))).toEqual({ kind: 'provider-sms', payee: payee('1001') });
  });

  it('an unknown payee, or one that is neither provider nor billing partner, is not found', () => {
    expect(resolvePayee(input({ query: 'nobody' }), null)).toEqual({ kind: 'not-found' });
    const plain = { ...payee('1001'), isProvider: false };
    expect(resolvePayee(input({ query: 'valleymed' }), plain)).toEqual({ kind: 'not-found' });
  });

  it('needs no payee lookup for the cases decided by name and device', () => {
    expect(decideWithoutPayee(input({ query: 'pay' }))).not.toBeNull();
    expect(decideWithoutPayee(input({ query: 'valleymed' }))).toBeNull();
  });
});
