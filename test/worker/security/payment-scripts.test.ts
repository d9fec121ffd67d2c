import { describe, expect, it } from 'vitest';
import { islandScriptsOf, isInventoried, PAYMENT_PAGES, scriptIdentity, staticImportsOf } from '../../shared/payment-scripts';
import { embeddedEnv, request } from '../origin-helpers';

/**
 * PCI DSS 6.4.3: a payment page loads only the scripts of src/security/payment-scripts.json. Here
 * the HTML as served (with the human check on): its script and preload tags and what they import.
 */
const SITE = 'https://papaya.test';
const withHumanCheck = () => embeddedEnv({ HUMAN_CHECK: 'turnstile', TURNSTILE_SITE_KEY: '1x00000000000000000000AA' } as Partial<Env>);

function scriptUrls(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => {
    const src = /\bsrc="([^"]+)"/.exec(m[1]!)?.[1];
    return src ?? 'inline script';
  });
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])![1]!);
  return [...scripts, ...preloads];
}

describe('payment pages load only inventoried scripts', () => {
  it.each(PAYMENT_PAGES)('%s', async (path) => {
    const res = await request(withHumanCheck(), path);
    expect(res.status).toBe(200);
    const html = await res.text();
    const urls = scriptUrls(html);
    expect(urls).not.toContain('inline script');
    const loaded = new Set([...urls.flatMap((u) => (u.startsWith('/') ? staticImportsOf(u) : [u])), ...islandScriptsOf(html)]);
    const unlisted = [...loaded].map((u) => scriptIdentity(u, SITE)).filter((id) => !isInventoried(id));
    expect(unlisted).toEqual([]);
    if (path.includes('?p=')) expect([...loaded].map((u) => scriptIdentity(u, SITE))).toContain('chunk:web-payment-form');
  });

  it('would notice a script that is not listed', () => {
    expect(isInventoried(scriptIdentity('https://cdn.example/analytics.js', SITE))).toBe(false);
    expect(isInventoried(scriptIdentity('/assets/sms-form-anything.js', SITE))).toBe(false);
    expect(isInventoried(scriptIdentity('https://challenges.cloudflare.com/turnstile/v0/api.js', SITE))).toBe(true);
  });
});
