import { describe, expect, it } from 'vitest';
import {
  islandScriptsOf,
  isInventoried,
  laterScriptsOf,
  PAYMENT_PAGES,
  scriptIdentity,
  staticImportsOf,
} from '../../shared/payment-scripts';
import { embeddedEnv, request } from '../origin-helpers';

/**
 * PCI DSS 6.4.3: a payment page loads only the scripts of src/security/payment-scripts.json. Here
 * the HTML as served (with the human check on): its script and preload tags and what they import.
 */
const SITE = 'https://papaya.test';
const withHumanCheck = () => embeddedEnv({ HUMAN_CHECK: 'turnstile', TURNSTILE_SITE_KEY: '1x00000000000000000000AA' } as Partial<Env>);

function scriptUrls(html: string): string[] {
  // The import map is data, not a script: the integrity of every chunk (checked below).
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
    .filter((m) => !/\btype="importmap"/.test(m[1]!))
    .map((m) => {
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

  it.each(PAYMENT_PAGES.filter((p) => p.startsWith('/web-payment?')))(
    '%s: every script of its own carries the sha384 of the bytes the build wrote (PCI DSS 6.4.3)',
    async (path) => {
      const html = await (await request(withHumanCheck(), path)).text();
      const map = /<script type="importmap"[^>]*>([^<]*)<\/script>/.exec(html);
      expect(map, 'an import map').not.toBeNull();
      const integrity = (JSON.parse(map![1]!) as { integrity: Record<string, string> }).integrity;
      const boot = /<script type="module" src="([^"]+)" integrity="([^"]+)"/.exec(html);
      expect(boot, 'the boot script with its integrity').not.toBeNull();
      expect(integrity[boot![1]!]).toBe(boot![2]);
      // Every script the page may load is in the map, with the sha384 of its bytes as served.
      const mayLoad = new Set([boot![1]!, ...staticImportsOf(boot![1]!), ...islandScriptsOf(html)]);
      for (const url of mayLoad) {
        const served = await (await request(withHumanCheck(), url)).arrayBuffer();
        const digest = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-384', served))));
        expect(integrity[url], url).toBe(`sha384-${digest}`);
      }
      // The masks its islands load later too, and nothing else: no other island's chunk.
      expect(Object.keys(integrity).sort()).toEqual([...new Set([...mayLoad, ...laterScriptsOf(html)])].sort());
    },
  );

  it('would notice a script that is not listed', () => {
    expect(isInventoried(scriptIdentity('https://cdn.example/analytics.js', SITE))).toBe(false);
    expect(isInventoried(scriptIdentity('/assets/sms-form-anything.js', SITE))).toBe(false);
    expect(isInventoried(scriptIdentity('https://challenges.cloudflare.com/turnstile/v0/api.js', SITE))).toBe(true);
  });
});
