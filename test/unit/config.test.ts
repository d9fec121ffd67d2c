import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig, storeUrlFor } from '../../src/settings/config';
import { timedBindings, Waits } from '../../src/web/waits';
import { isHeaderless, visibleLinks, FOOTER_LINKS, NAV_LINKS } from '../../src/domain/site';

describe('readConfig', () => {
  it("parses a request's timed bindings once, as the bindings they stand in for", () => {
    const env = { ENVIRONMENT: 'development' } as unknown as Env;
    expect(readConfig(timedBindings(env, new Waits()))).toBe(readConfig(env));
    expect(readConfig(timedBindings(env, new Waits()))).toBe(readConfig(timedBindings(env, new Waits())));
  });

  it('reads lists, numbers and flags from plain strings', () => {
    const c = readConfig({
      GENERIC_PAY_NAMES: 'Pay, bill ,,papaya',
      SMS_LIMIT_PER_PHONE: '5',
      HUMAN_CHECK: 'turnstile',
      TURNSTILE_SITE_KEY: '0x4AAAAAAA',
      TURNSTILE_SECRET: 'secret',
      TURNSTILE_INTERACTIVE_SITE_KEY: '0x4AAAAAAB',
      TURNSTILE_INTERACTIVE_SECRET: 'interactive-secret',
      ORIGIN_URL: 'https://backend.example/',
      PUBLIC_URL: 'https://www.papaya.example',
      FORM_KEY_SECRET: 'f'.repeat(32),
      CARD_HMAC_KEY: 'c'.repeat(32),
      ENVIRONMENT: 'production',
    });
    expect(c.genericPayNames).toEqual(['pay', 'bill', 'papaya']);
    expect(c.smsLimitPerPhone).toBe(5);
    expect(c.smsLimitPerIp).toBe(10);
    expect(c.humanCheck).toBe('turnstile');
    expect(c.originUrl).toBe('https://backend.example');
    expect(c.production).toBe(true);
    expect(c.requestLog).toBe('sampled');
  });

  it('logs every request outside production and a sample in production, unless REQUEST_LOG says otherwise', () => {
    expect(readConfig({}).requestLog).toBe('all');
    expect(readConfig({ REQUEST_LOG: 'Sampled' }).requestLog).toBe('sampled');
  });

  it('reads modes whatever their case, and is off only when told so or not set', () => {
    expect(readConfig({ HUMAN_CHECK: 'OFF' }).humanCheck).toBe('off');
    expect(readConfig({ HUMAN_CHECK: 'Turnstile' }).humanCheck).toBe('turnstile');
    expect(readConfig({}).humanCheck).toBe('off');
  });

  it.each([
    ['HUMAN_CHECK', { HUMAN_CHECK: 'turnstyle' }],
    ['ENVIRONMENT', { ENVIRONMENT: 'prod' }],
    ['REQUEST_LOG', { REQUEST_LOG: 'some' }],
    ['SMS_LIMIT_PER_IP', { SMS_LIMIT_PER_IP: 'lots' }],
    ['SMS_LIMIT_PER_PHONE', { SMS_LIMIT_PER_PHONE: '0' }],
    ['ORIGIN_TIMEOUT_MS', { ORIGIN_TIMEOUT_MS: '60s' }],
    ['ORIGIN_URL', { ORIGIN_URL: 'backend.example' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'javascript:alert(1)' }],
    ['PAY_LATER_UNTIL', { PAY_LATER_UNTIL: '09/30/2019' }],
    [
      'TURNSTILE_SECRET',
      {
        ENVIRONMENT: 'production',
        HUMAN_CHECK: 'turnstile',
        TURNSTILE_SITE_KEY: 'k',
        ORIGIN_URL: 'https://b.example',
        PUBLIC_URL: 'https://p.example',
      },
    ],
    [
      'TURNSTILE_INTERACTIVE_SECRET',
      {
        ENVIRONMENT: 'production',
        HUMAN_CHECK: 'turnstile',
        TURNSTILE_SITE_KEY: 'k',
        TURNSTILE_SECRET: 's',
        TURNSTILE_INTERACTIVE_SITE_KEY: 'i',
        ORIGIN_URL: 'https://b.example',
        PUBLIC_URL: 'https://p.example',
      },
    ],
    ['ORIGIN_URL', { ENVIRONMENT: 'production', PUBLIC_URL: 'https://p.example' }],
    [
      'FORM_KEY_SECRET',
      { ENVIRONMENT: 'production', ORIGIN_URL: 'https://b.example', PUBLIC_URL: 'https://p.example', FORM_KEY_SECRET: 'short' },
    ],
    ['CARD_HMAC_KEY', { ENVIRONMENT: 'production', ORIGIN_URL: 'https://b.example', PUBLIC_URL: 'https://p.example' }],
    ['PUBLIC_URL', { ENVIRONMENT: 'production', ORIGIN_URL: 'https://b.example' }],
    [
      'HUMAN_CHECK',
      {
        ENVIRONMENT: 'production',
        HUMAN_CHECK: 'off',
        ORIGIN_URL: 'https://b.example',
        PUBLIC_URL: 'https://p.example',
        FORM_KEY_SECRET: 'f'.repeat(32),
        CARD_HMAC_KEY: 'c'.repeat(32),
      },
    ],
  ])('refuses a wrong %s loudly, naming it', (name, vars) => {
    expect(() => readConfig(vars)).toThrow(ConfigError);
    expect(() => readConfig(vars)).toThrow(name);
  });

  it('reads the origin timeout and the Turnstile settings', () => {
    const c = readConfig({ ORIGIN_TIMEOUT_MS: '300', TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/siteverify' });
    expect(c.originTimeoutMs).toBe(300);
    expect(c.turnstileVerifyUrl).toBe('http://127.0.0.1:9/siteverify');
    expect(readConfig({}).originTimeoutMs).toBe(60_000);
  });

  it('keeps only https back links for the financing page, keyed by lower-cased payee name', () => {
    const c = readConfig({
      FINANCING_BACK_LINKS: 'Valley Medical=https://v.example/b, Evil=javascript:alert(1), Plain=http://p.example, Broken',
    });
    expect([...c.financingBackLinks]).toEqual([['valley medical', 'https://v.example/b']]);
  });

  it('frames verification forms over https, or over http only from this machine', () => {
    const c = readConfig({
      VERIFY_MERCHANT_FORM_URL: 'https://forms.example/m',
      VERIFY_CONFIRMATION_FORM_URL: 'http://forms.example/c',
      VERIFY_NEWPARTNER_FORM_URL: 'http://127.0.0.1:8798/n',
    });
    expect(c.verification).toEqual({ merchant: 'https://forms.example/m', confirmation: '', newpartner: 'http://127.0.0.1:8798/n' });
  });

  it('refuses a financing provider that is not https', () => {
    expect(readConfig({ FINANCING_PROVIDER_URL: 'javascript:alert(1)' }).financingProviderUrl).toBe('https://www.carecredit.com/');
  });

  it('sends each device to its own store', () => {
    const c = readConfig({ APP_STORE_URL: 'https://apps.apple.com/x', PLAY_STORE_URL: 'https://play.google.com/y' });
    expect(storeUrlFor(c, 'apple')).toBe('https://apps.apple.com/x');
    expect(storeUrlFor(c, 'android')).toBe('https://play.google.com/y');
    expect(storeUrlFor(c, 'desktop')).toBe('/download');
  });
});

describe('shell rules', () => {
  it('reads headerless the way the old app did: present means on', () => {
    expect(isHeaderless('')).toBe(true);
    expect(isHeaderless('true')).toBe(true);
    expect(isHeaderless('1')).toBe(true);
    expect(isHeaderless('false')).toBe(false);
    expect(isHeaderless('0')).toBe(false);
    expect(isHeaderless(undefined)).toBe(false);
  });

  it('hides the partner link on /postcard and /call, in the navigation and the footer', () => {
    for (const path of ['/postcard', '/call']) {
      expect(visibleLinks(NAV_LINKS, path).map((l) => l.href)).not.toContain('/partners');
      expect(visibleLinks(FOOTER_LINKS, path).map((l) => l.href)).not.toContain('/partners');
    }
    expect(visibleLinks(NAV_LINKS, '/about').map((l) => l.href)).toContain('/partners');
  });

  it('links to every page the spec names', () => {
    const hrefs = FOOTER_LINKS.map((l) => l.href.split('?')[0]);
    for (const href of ['/about', '/partners', '/contact', '/careers', '/termsofservice', '/privacy', '/how-it-works', '/brand-kit']) {
      expect(hrefs).toContain(href);
    }
  });
});
