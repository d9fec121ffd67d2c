// npm run check:payment-pages -- <base URL> [--version ID [--worker NAME]] [--manifest FILE] [--header 'Name: value']… [--approve [--payee ID] [--provider CODE] [--receipt NUMBER]]
//
// PCI DSS 4.0.1 11.6.1, from outside the Cloudflare account: reads every payment page of the
// site at <base URL> as a phone and as a computer, and compares its status, security headers and
// every script (address, integrity, sha384 of the bytes served, the import map's chunks included)
// with the approved manifest. Any difference: exit 1, each named with the approved and the served
// value. With --approve it writes the manifest instead, after checking that every script of the
// site's own is vouched for by its integrity. The reading and comparison are src/security/page-check.ts and page-compare.ts,
// which the Worker's scheduled check runs too. --version reads one version of the Worker on the real
// host before it takes traffic: every request carries `Cloudflare-Workers-Version-Overrides:
// <worker>="<version id>"` (the Worker's name from wrangler.toml unless --worker names another).
// --header adds a header to every request; it is never written anywhere.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    manifest: { type: 'string', default: 'payment-pages.approved.json' },
    approve: { type: 'boolean', default: false },
    payee: { type: 'string' },
    provider: { type: 'string' },
    receipt: { type: 'string' },
    header: { type: 'string', multiple: true, default: [] },
    version: { type: 'string' },
    worker: { type: 'string' },
  },
});
const [base] = positionals;
if (!base || !/^https?:\/\//.test(base)) {
  console.error('Usage: npm run check:payment-pages -- <base URL, e.g. https://www.papayapay.com> [--manifest FILE] [--approve]');
  process.exit(2);
}

const load = async (file) => (await runnerImport(path.join(root, file), { configFile: false, logLevel: 'silent' })).module;
const check = { ...(await load('src/security/page-check.ts')), ...(await load('src/security/page-compare.ts')) };
const extra = values.header.map((h) => {
  const at = h.indexOf(':');
  if (at < 1) {
    console.error(`A header is 'Name: value', not ${JSON.stringify(h)}.`);
    process.exit(2);
  }
  return [h.slice(0, at).trim(), h.slice(at + 1).trim()];
});
if (values.version) {
  if (!/^[0-9a-f-]{8,64}$/i.test(values.version)) {
    console.error(`A version id is what \`wrangler versions upload\` prints (a UUID), not ${JSON.stringify(values.version)}.`);
    process.exit(2);
  }
  const worker = values.worker ?? /^name\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(root, 'wrangler.toml'), 'utf8'))?.[1];
  extra.push(['Cloudflare-Workers-Version-Overrides', `${worker}="${values.version}"`]);
}
const fetcher = (url, init) => fetch(url, { ...init, headers: { ...init.headers, ...Object.fromEntries(extra) } });

if (values.approve) {
  const targets = {
    payee: values.payee ?? check.DEMO_TARGETS.payee,
    provider: values.provider ?? check.DEMO_TARGETS.provider,
    ...(values.receipt ? { receipt: values.receipt } : {}),
  };
  const pages = await check.readPaymentPages(base, targets, fetcher);
  // A manifest is one version's: with --version, every page must have been drawn by it (the override took).
  let drawnBy;
  try {
    drawnBy = check.versionOf(pages);
  } catch (error) {
    console.error(`Not approved: ${error.message}`);
    process.exit(1);
  }
  if (values.version && drawnBy !== values.version) {
    console.error(
      `Not approved: the pages were drawn by version ${drawnBy}, not ${values.version}: the override did not take (is --worker the Worker's name?).`,
    );
    process.exit(1);
  }
  const unvouched = check.unvouchedScripts(pages);
  // An approval blesses this build only: every script of the site's own is one the build wrote, with the same bytes.
  const built = path.join(root, 'dist/client/.vite/worker-assets.json');
  const integrity = JSON.parse(readFileSync(built, 'utf8')).integrity;
  for (const [page, served] of Object.entries(pages.pages))
    for (const s of served.scripts)
      if (s.sha384 && s.address.startsWith('/') && integrity[s.address] !== s.sha384)
        unvouched.push({
          page,
          what: `script ${s.kind} ${s.address}`,
          approved: integrity[s.address] ?? '(not in this build)',
          served: s.sha384,
        });
  if (unvouched.length) {
    console.error(`Not approved: ${unvouched.length} script(s) of the site's own are not what their integrity says.`);
    for (const d of unvouched) console.error(check.describeDifference(d));
    process.exit(1);
  }
  writeFileSync(values.manifest, `${JSON.stringify(pages, null, 2)}\n`);
  const scripts = new Set(Object.values(pages.pages).flatMap((p) => p.scripts.map((s) => s.address)));
  console.log(
    `Approved ${Object.keys(pages.pages).length} page answers and ${scripts.size} scripts of ${base}, version ${drawnBy}: ${values.manifest}`,
  );
  console.log(`Put it where the Worker reads it: payment-pages:approved:${drawnBy} in the CACHE namespace (docs/security.md).`);
  process.exit(0);
}

let approved;
try {
  approved = JSON.parse(readFileSync(values.manifest, 'utf8'));
} catch (error) {
  console.error(
    `No approved manifest at ${values.manifest} (${error.message}). Write one with --approve from the release that was approved.`,
  );
  process.exit(2);
}
const differences = await check.checkPaymentPages(base, approved, fetcher);
if (differences.length) {
  console.error(`FAILED: ${differences.length} difference(s) between ${base} and ${values.manifest}:`);
  for (const d of differences) console.error(check.describeDifference(d));
  process.exit(1);
}
console.log(`OK: ${Object.keys(approved.pages).length} page answers of ${base} are as approved in ${values.manifest}.`);
