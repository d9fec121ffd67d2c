import { TEST_PAYMENT } from '../shared/test-payer';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tamperingProxy, type Tampering, type TamperingProxy } from '../shared/tampering-proxy';
import { BASE_URL } from './playwright.config';
import { expect, issuedFormKey, test } from './support';

/**
 * `npm run check:payment-pages` (PCI DSS 11.6.1) against the site: approved, then checked twice,
 * and against a server between the site and its visitors that changes one thing at a time.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = path.join(mkdtempSync(path.join(tmpdir(), 'payment-pages-')), 'approved.json');
const TAMPER_PORT = 8794;

function check(args: string[], file = manifest): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    execFile('node', ['scripts/check-payment-pages.mjs', ...args, '--manifest', file], { cwd: root }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

let proxy: TamperingProxy;
test.beforeAll(() => {
  proxy = tamperingProxy(BASE_URL, TAMPER_PORT);
});
test.afterAll(async () => {
  await proxy.close();
});

test.describe.configure({ mode: 'serial' });

test('the pages as the site serves them are approved, then pass the check twice in a row', async ({ request }) => {
  // A payment first, so that its receipt is among the pages.
  const paid = await request.post('/payment/payment_back.php?p=1001', {
    multipart: {
      ...TEST_PAYMENT,
      amount: '3.00',
      ccn: '4012 8888 8888 1881',
      formKey: await issuedFormKey(request, '1001'),
    },
  });
  const { confirmationUrl } = (await paid.json()) as { confirmationUrl: string };
  const receipt = confirmationUrl.split('/').pop()!;

  const approved = await check([BASE_URL, '--approve', '--receipt', receipt]);
  expect(approved.out).toContain('Approved 8 page answers');
  expect(approved.code).toBe(0);
  for (let run = 0; run < 2; run++) {
    const checked = await check([BASE_URL]);
    expect(checked.out).toContain('OK: 8 page answers');
    expect(checked.code).toBe(0);
  }
  // The same site through a server that changes nothing passes too: nonces and keys differ, nothing else.
  proxy.tampering = 'none';
  expect((await check([proxy.url])).code).toBe(0);
});

const TAMPERINGS: Array<{ tampering: Tampering; named: RegExp }> = [
  {
    tampering: 'no-csp',
    named:
      /card form as a phone: header Content-Security-Policy\n {2}approved: default-src 'self'; script-src 'nonce-\{nonce\}'.*\n {2}served: {3}\(absent\)/,
  },
  {
    tampering: 'chunk-byte',
    named:
      /card form as a computer: script import \/assets\/web-payment-form-[\w-]+\.js\n {2}approved: integrity (sha384-\S+), bytes \1\n {2}served: {3}integrity \1, bytes (?!\1)sha384-/,
  },
  {
    tampering: 'script-tag',
    named:
      /company card form as a phone: script classic https:\/\/skimmer\.example\/collect\.js\n {2}approved: \(absent\)\n {2}served: {3}integrity \(none\), bytes \(another site\)/,
  },
  {
    tampering: 'weak-header',
    named:
      /text-me-a-link as a computer: header Strict-Transport-Security\n {2}approved: max-age=31536000; includeSubDomains\n {2}served: {3}max-age=0/,
  },
];

for (const { tampering, named } of TAMPERINGS) {
  test(`a change between the site and the browser is caught and named: ${tampering}`, async () => {
    proxy.tampering = tampering;
    const checked = await check([proxy.url]);
    expect(checked.code, checked.out).toBe(1);
    expect(checked.out).toMatch(/^FAILED: \d+ difference\(s\)/m);
    expect(checked.out).toMatch(named);
  });
}

test('an approval never blesses a script whose bytes are not what its integrity says', async () => {
  proxy.tampering = 'chunk-byte';
  const refused = await check([proxy.url, '--approve'], `${manifest}.tampered`);
  expect(refused.code).toBe(1);
  expect(refused.out).toMatch(/Not approved: \d+ script\(s\) of the site's own are not what their integrity says/);
  expect(refused.out).toMatch(/script import \/assets\/web-payment-form-[\w-]+\.js/);
});

test('a version read by its override before it takes traffic: every request names it, as Cloudflare documents', async () => {
  proxy.tampering = 'none';
  const version = '7d1c9a2e-5b4f-4c1d-8e2a-0f9b3c6d1e47';
  const from = proxy.received.length;
  const checked = await check([proxy.url, '--version', version]);
  expect(checked.code, checked.out).toBe(0);
  const requests = proxy.received.slice(from);
  // The 8 page answers and the scripts they load.
  expect(requests.length).toBeGreaterThanOrEqual(8);
  for (const headers of requests) expect(headers['cloudflare-workers-version-overrides']).toBe(`papaya-public-site="${version}"`);
  expect((await check([proxy.url, '--version', 'not a version'])).code).toBe(2);
});
