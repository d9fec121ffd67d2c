import { describe, expect, it } from 'vitest';
import { normaliseHeader, scriptTagsOf, sha384, type PageManifest, type ServedPage } from '../../src/security/page-check';
import { comparePages, unvouchedScripts } from '../../src/security/page-compare';

const page = (over: Partial<ServedPage> = {}): ServedPage => ({
  status: 200,
  headers: { 'Content-Security-Policy': "script-src 'nonce-{nonce}'", 'Referrer-Policy': 'no-referrer' },
  scripts: [
    { address: 'importmap', kind: 'importmap', integrity: '', sha384: 'sha384-map' },
    { address: '/assets/boot.js', kind: 'module', integrity: 'sha384-boot', sha384: 'sha384-boot' },
  ],
  ...over,
});
const manifest = (p: ServedPage): PageManifest => ({
  about: '',
  targets: { payee: '1001', provider: 'valleymed' },
  pages: { 'card form as a phone': p },
});

describe('the payment page check', () => {
  it('takes the nonce out of the CSP, and names a missing header', () => {
    expect(normaliseHeader('Content-Security-Policy', "script-src 'nonce-AbC+/12==' 'strict-dynamic'")).toBe(
      "script-src 'nonce-{nonce}' 'strict-dynamic'",
    );
    expect(normaliseHeader('Referrer-Policy', null)).toBe('(absent)');
  });

  it('finds every script a browser would run, and leaves data blocks out', () => {
    const tags = scriptTagsOf(
      '<script type="importmap" nonce="n">{"integrity":{}}</script><script type="application/json">{}</script>' +
        '<SCRIPT src=/a.js integrity=sha384-x></SCRIPT><script type="module" src="/b.js"></script><script>alert(1)</script>',
    );
    expect(tags.map((t) => [t.attributes.get('type') ?? '', t.attributes.get('src') ?? '', t.text])).toEqual([
      ['importmap', '', '{"integrity":{}}'],
      ['', '/a.js', ''],
      ['module', '/b.js', ''],
      ['', '', 'alert(1)'],
    ]);
  });

  it('hashes as the browser checks integrity (the value openssl dgst -sha384 gives)', async () => {
    expect(await sha384('alert(1)')).toBe('sha384-HT2E9NfWiuQ/w1PRai+hTyqW16NIoCGA/m8VQDUopfAtcz6YQjtsMmQd5uRbVDpW');
  });

  it('is silent when nothing differs', () => {
    expect(comparePages(manifest(page()), manifest(page()))).toEqual([]);
  });

  it('names each difference: status, redirect, header, changed, added and removed scripts', () => {
    const served = page({
      status: 302,
      location: 'https://elsewhere.example/',
      headers: { 'Content-Security-Policy': '(absent)', 'Referrer-Policy': 'no-referrer' },
      scripts: [
        { address: '/assets/boot.js', kind: 'module', integrity: 'sha384-boot', sha384: 'sha384-other' },
        { address: 'https://skimmer.example/x.js', kind: 'classic', integrity: '', sha384: '' },
      ],
    });
    expect(comparePages(manifest(page()), manifest(served))).toEqual([
      { page: 'card form as a phone', what: 'status', approved: '200', served: '302' },
      { page: 'card form as a phone', what: 'redirect', approved: '(absent)', served: 'https://elsewhere.example/' },
      { page: 'card form as a phone', what: 'header Content-Security-Policy', approved: "script-src 'nonce-{nonce}'", served: '(absent)' },
      {
        page: 'card form as a phone',
        what: 'script importmap importmap',
        approved: 'integrity (none), bytes sha384-map',
        served: '(absent)',
      },
      {
        page: 'card form as a phone',
        what: 'script module /assets/boot.js',
        approved: 'integrity sha384-boot, bytes sha384-boot',
        served: 'integrity sha384-boot, bytes sha384-other',
      },
      {
        page: 'card form as a phone',
        what: 'script classic https://skimmer.example/x.js',
        approved: '(absent)',
        served: 'integrity (none), bytes (another site)',
      },
    ]);
  });

  it('names a changed inline script as one removed and one added', () => {
    const inline = (hash: string) => page({ scripts: [{ address: 'inline', kind: 'classic', integrity: '', sha384: hash }] });
    expect(comparePages(manifest(inline('sha384-a')), manifest(inline('sha384-b'))).map((d) => [d.what, d.approved, d.served])).toEqual([
      ['script classic inline sha384-a', 'integrity (none), bytes sha384-a', '(absent)'],
      ['script classic inline sha384-b', '(absent)', 'integrity (none), bytes sha384-b'],
    ]);
  });

  it('never approves a script of the site whose bytes are not what its integrity says', () => {
    const served = page({
      scripts: [
        { address: '/assets/boot.js', kind: 'module', integrity: 'sha384-boot', sha384: 'sha384-other' },
        { address: '/assets/plain.js', kind: 'classic', integrity: '', sha384: 'sha384-plain' },
        { address: 'https://challenges.cloudflare.com/turnstile/v0/api.js', kind: 'classic', integrity: '', sha384: '' },
      ],
    });
    expect(unvouchedScripts(manifest(served)).map((d) => [d.what, d.approved, d.served])).toEqual([
      ['script module /assets/boot.js', 'sha384-boot', 'sha384-other'],
      ['script classic /assets/plain.js', '(no integrity)', 'sha384-plain'],
    ]);
  });
});
