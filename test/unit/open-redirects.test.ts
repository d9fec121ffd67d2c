import { describe, expect, it } from 'vitest';
import { successTarget } from '../../src/domain/get-paid';
import { safeRedirectTarget } from '../../src/security/redirect-targets';
import { OPEN_REDIRECT_CORPUS, staysOn } from '../shared/open-redirect-corpus';

const SITE = 'https://papaya.test';
const POLICY = { siteOrigin: SITE, allowedOrigins: ['https://webpay.papayapay.com'] };

describe('redirect targets refuse the whole corpus', () => {
  it.each(OPEN_REDIRECT_CORPUS.map((u) => [JSON.stringify(u), u]))('%s', (_label, url) => {
    const target = safeRedirectTarget(url, POLICY);
    if (target !== null) expect(staysOn(target, SITE, POLICY.allowedOrigins)).toBe(true);
    expect(target).toBeNull();
  });

  it('still takes this site’s paths and the allowed hosts', () => {
    expect(safeRedirectTarget('/valleymed?x=1', POLICY)).toBe('/valleymed?x=1');
    expect(safeRedirectTarget('https://webpay.papayapay.com/?p=1', POLICY)).toBe('https://webpay.papayapay.com/?p=1');
  });
});

describe('get-paid success redirects stay on the biller panel, whatever the backend sends', () => {
  it.each(OPEN_REDIRECT_CORPUS.map((u) => [JSON.stringify(u), u]))('a session token of %s', (_label, token) => {
    for (const view of ['successUser', 'successAg', 'successKit'] as const) {
      const target = successTarget(view, { sessionToken: token }, '/biller');
      expect(target).not.toBeNull();
      expect(staysOn(target!, SITE), `${view}: ${target}`).toBe(true);
      expect(new URL(target!, SITE).pathname).toMatch(/^\/(biller|brand-kit)$/);
    }
  });
});
