import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { approvedManifestKey } from '../../src/security/page-compare';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { browserServer, startSiteCommand, until } from '../shared/browser-server';
import { tamperingProxy, type TamperingProxy } from '../shared/tampering-proxy';
import { FORMS_URL } from './playwright.config';
import { expect, test } from './support';

/**
 * The Worker's scheduled check of its payment pages (PCI DSS 11.6.1), run as the platform runs
 * it: `wrangler dev --test-scheduled`, PUBLIC_URL naming the site as visitors reach it (here
 * through a server that can change what passes), and the manifest the release approved put in
 * KV with wrangler, as docs/security.md says. Quiet on the site as approved, loud on a change.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const watch = browserServer('watch', 8793, Number(new URL(FORMS_URL).port));
const PROXY_PORT = 8792;
const CRON = '17 * * * *';

let site: ChildProcess | undefined;
let proxy: TamperingProxy;

type PageCheckEvent = { event: 'pageCheck'; outcome: string; page: string; what: string; differences: number; pages: number };

/** Runs the cron as the platform would, and returns the check's event once it is recorded. */
async function scheduledCheck(): Promise<PageCheckEvent> {
  const before = await pageCheckEvents();
  const res = await fetch(`${watch.siteUrl}/__scheduled?cron=${encodeURIComponent(CRON)}`);
  expect(res.status).toBe(200);
  for (let i = 0; i < 120; i++) {
    const events = await pageCheckEvents();
    if (events.length > before.length) return events[0]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the scheduled check recorded nothing within 30 s');
}

async function pageCheckEvents(): Promise<PageCheckEvent[]> {
  const events = (await (await fetch(`${watch.siteUrl}/_dev/metrics`)).json()) as Array<{ event: string }>;
  return events.filter((e): e is PageCheckEvent => e.event === 'pageCheck');
}

/** The Worker's security lines of one event, as `wrangler dev` printed them (a warning's prefix around the JSON). */
const securityLines = (event: string) =>
  readFileSync(watch.log, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const json = /\{"level":"warn","msg":"security".*\}/.exec(line)?.[0];
      return json ? [JSON.parse(json) as Record<string, string>] : [];
    })
    .filter((line) => line.event === event);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  proxy = tamperingProxy(watch.siteUrl, PROXY_PORT);
  site = spawn('bash', ['-c', startSiteCommand(watch, ['--test-scheduled', '--var', `PUBLIC_URL:${proxy.url}`])], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  await until(`${watch.siteUrl}/robots.txt`, 120_000);
  // The release's approval, then the manifest put where the Worker reads it.
  const manifest = `${watch.state}/approved.json`;
  await run('node', ['scripts/check-payment-pages.mjs', proxy.url, '--approve', '--manifest', manifest], { cwd: root });
  // Under the version that drew the pages, as the release path puts it.
  const approved = JSON.parse(readFileSync(manifest, 'utf8')) as { pages: Record<string, { version?: string }> };
  const version = Object.values(approved.pages).find((page) => page.version)!.version!;
  const local = ['--binding', 'CACHE', '--local', '--persist-to', watch.state];
  await run('npx', ['wrangler', 'kv', 'key', 'put', approvedManifestKey(version), ...local, '--path', manifest], {
    cwd: root,
  });
});

test.afterAll(async () => {
  if (site?.pid) process.kill(-site.pid, 'SIGTERM');
  await proxy.close();
});

test('the scheduled check is quiet while the payment pages are as approved', async () => {
  proxy.tampering = 'none';
  const event = await scheduledCheck();
  expect(event).toMatchObject({ outcome: 'as-approved', differences: 0, pages: 6, page: '', what: '' });
  expect(securityLines('payment-page-changed')).toEqual([]);
});

test('the scheduled check is loud when a header changes on the way: an event and a security line per difference', async () => {
  proxy.tampering = 'no-csp';
  const event = await scheduledCheck();
  expect(event).toMatchObject({ outcome: 'changed', what: 'header Content-Security-Policy', pages: 6 });
  expect(event.differences).toBeGreaterThanOrEqual(5);
  // wrangler dev prints the Worker's lines a moment after the event is listed.
  await expect.poll(() => securityLines('payment-page-changed').length, { timeout: 20_000 }).toBe(event.differences);
  const lines = securityLines('payment-page-changed');
  expect(lines).toContainEqual(
    expect.objectContaining({ page: 'card form as a phone', what: 'header Content-Security-Policy', served: '(absent)' }),
  );
  expect(lines.every((line) => line.approved?.startsWith("default-src 'self'; script-src 'nonce-{nonce}'"))).toBe(true);
});

test('the scheduled check is loud when a script changes on the way', async () => {
  proxy.tampering = 'chunk-byte';
  const event = await scheduledCheck();
  expect(event).toMatchObject({ outcome: 'changed', pages: 6 });
  expect(event.what).toMatch(/^script import \/assets\/web-payment-form-/);
});
