import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { islandProps, scriptTags, visit } from '../helpers';

const cspNonce = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1];
const tagNonces = (html: string) => [...html.matchAll(/<(?:script|link)\b[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);

/** Pages drawn once per isolate and reused must still differ where every response must differ. */
describe('reused pages', () => {
  it('carry a fresh nonce in every response, the one their CSP names', async () => {
    const [a, b] = [await visit('/pay'), await visit('/pay')];
    const [htmlA, htmlB] = [await a.text(), await b.text()];
    expect(cspNonce(a)).toBeTruthy();
    expect(cspNonce(a)).not.toBe(cspNonce(b));
    expect(scriptTags(htmlA).length).toBeGreaterThan(0);
    expect(new Set(tagNonces(htmlA))).toEqual(new Set([cspNonce(a)]));
    expect(new Set(tagNonces(htmlB))).toEqual(new Set([cspNonce(b)]));
    expect(htmlA.replaceAll(cspNonce(a)!, 'N')).toBe(htmlB.replaceAll(cspNonce(b)!, 'N'));
  });

  it('made at the same time, each keep the nonce their CSP names (one buffer per kept page, copied per response)', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => visit(i % 2 ? '/pay' : '/web-payment?p=1001')));
    const nonces = new Set<string>();
    const requestIds = new Set<string | null>();
    for (const res of responses) {
      const nonce = cspNonce(res)!;
      nonces.add(nonce);
      requestIds.add(res.headers.get('X-Request-Id'));
      // One policy, this response's: never a policy of an earlier response beside it.
      expect(res.headers.get('Content-Security-Policy')!.match(/'nonce-/g)).toHaveLength(1);
      expect(new Set(tagNonces(await res.text()))).toEqual(new Set([nonce]));
    }
    expect(nonces.size).toBe(12);
    expect(requestIds.size).toBe(12);
  });

  it('are sent with every site header, like any other page', async () => {
    for (const path of ['/embedded/termsofservice', '/pay', '/no-such-page-anywhere']) {
      const res = await visit(path);
      expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('Vary')).toContain('User-Agent');
      expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('keep the stricter headers of a token page, and only there', async () => {
    const res = await visit('/update-password?x=RESET-VALID');
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const after = await visit('/pay');
    expect(after.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect((await visit('/update-password?x=RESET-VALID')).headers.get('Referrer-Policy')).toBe('no-referrer');
  });

  it('say the language they are drawn in, each view its own', async () => {
    const english = await visit('/valleymed');
    const spanish = await visit('/valleymed', { headers: { 'Accept-Language': 'es-US,es;q=0.9' } });
    expect(english.headers.get('Content-Language')).toBe('en-US');
    expect(spanish.headers.get('Content-Language')).toBe('es-US');
    expect((await visit('/valleymed')).headers.get('Content-Language')).toBe('en-US');
  });

  it('hold the token of the link that was opened, not of an earlier visitor', async () => {
    await env
      .DB!.prepare(
        "INSERT OR REPLACE INTO reset_tokens (token, user_id, expires_at, used_at, mismatch) VALUES ('RESET-SECOND', 'user-9', ?, NULL, 0)",
      )
      .bind(Math.floor(Date.now() / 1000) + 3600)
      .run();
    const first = islandProps(await (await visit('/update-password?x=RESET-VALID')).text(), 'password-reset');
    const second = islandProps(await (await visit('/update-password?x=RESET-SECOND')).text(), 'password-reset');
    expect(first.token).toBe('RESET-VALID');
    expect(second.token).toBe('RESET-SECOND');
  });

  it('give every payment form its own form key', async () => {
    const keys = new Set<unknown>();
    for (let i = 0; i < 3; i++) keys.add(islandProps(await (await visit('/web-payment?p=1001')).text(), 'web-payment-form').formKey);
    expect(keys.size).toBe(3);
  });
});
