import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run deploy`, the release path, with wrangler stood in by a script that records what it is
 * asked and answers as wrangler does, and the site stood in by a server on this machine.
 */
const NEW = '11111111-2222-4333-8444-555555555555';
const OLD = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const dir = mkdtempSync(path.join(tmpdir(), 'deploy-'));
const calls = path.join(dir, 'wrangler-calls.txt');
const fake = path.join(dir, 'wrangler.mjs');
writeFileSync(calls, '');
writeFileSync(
  fake,
  `import { appendFileSync } from 'node:fs';
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(calls)}, args.join(' ') + '\\n');
if (args[0] === 'versions' && args[1] === 'upload') console.log('Uploaded papaya-public-site\\nWorker Version ID: ${NEW}');
if (args[0] === 'deployments') console.log(JSON.stringify({ versions: [{ version_id: '${OLD}', percentage: 100 }] }));
`,
);

function deploy(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    execFile('node', ['scripts/deploy.mjs', ...args], { env: { ...process.env, WRANGLER: `node ${fake}` } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

/** The new version as the real host would serve it by its override: it answers for itself, but its pages name no version. */
let site: Server;
let siteUrl = '';
const overrides: string[] = [];
beforeAll(async () => {
  site = createServer((req, res) => {
    overrides.push(String(req.headers['cloudflare-workers-version-overrides'] ?? ''));
    if (req.url === '/healthz') return res.end(`ok ${NEW}`);
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!DOCTYPE html><title>Pay</title><script src="https://skimmer.example/x.js"></script>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

describe('the release path', () => {
  it('--dry-run prints every step with its command, the override and the gradual share, and touches nothing', async () => {
    const { code, out } = await deploy(['--dry-run', '--url', 'https://www.papayapay.com', '--share', '10']);
    expect(code, out).toBe(0);
    for (const command of [
      'npm run build:client',
      'deploy -c alerts/wrangler.toml',
      'versions upload --env production',
      'deployments status --env production --json',
      'node scripts/check-payment-pages.mjs https://www.papayapay.com --version <new version id> --approve',
      'kv key put payment-pages:approved:<new version id> --binding CACHE --env production --remote',
      'versions deploy <new version id>@10% <serving version id>@90% --env production --yes',
      'node scripts/alerts-check.mjs --production --canary <new version id> --serving <serving version id>',
      'versions deploy <new version id>@100% --env production --yes',
    ])
      expect(out).toContain(command);
    expect(out).toContain('Cloudflare-Workers-Version-Overrides: papaya-public-site="<new version id>"');
    expect(out).not.toContain('d1 ');
    expect(out).toContain('Dry run: nothing was changed.');
    expect(readFileSync(calls, 'utf8')).toBe('');
  });

  it("stops when the new version's payment pages cannot be approved: no share is ever deployed", async () => {
    const { code, out } = await deploy(['--skip-build', '--url', siteUrl, '--watch-minutes', '0']);
    expect(code, out).toBe(1);
    expect(out).toMatch(/Release stopped: Approve the new version's payment pages/);
    const asked = readFileSync(calls, 'utf8');
    expect(asked).toContain('versions upload --env production');
    expect(asked).not.toContain('versions deploy');
    expect(asked).not.toContain('kv key put');
    // Every request to the site read the new version by its override.
    expect(overrides.length).toBeGreaterThan(2);
    expect(new Set(overrides)).toEqual(new Set([`papaya-public-site="${NEW}"`]));
  });
});
