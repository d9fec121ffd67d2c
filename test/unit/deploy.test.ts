import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * `npm run deploy -- --dry-run`: every step of the release path, in Cloudflare's order, with its
 * command, and nothing run. The release tier (test/release/) runs the same path for real, with
 * the real wrangler against a stand-in of Cloudflare's API.
 */
function dryRun(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    execFile(
      'node',
      ['scripts/deploy.mjs', '--dry-run', ...args],
      { env: { ...process.env, WRANGLER: 'false-wrangler' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

describe('the release path, as a dry run', () => {
  it('prints every step with its command in the order Cloudflare allows, and touches nothing', async () => {
    const { code, out } = await dryRun(['--url', 'https://www.papayapay.com', '--share', '10']);
    expect(code, out).toBe(0);
    const steps = [
      'Check, before anything changes',
      'npm run build:client',
      'false-wrangler deploy --config alerts/wrangler.toml',
      'hold the version-affinity rules',
      '"expression": "uuidv4(cf.random_seed)"',
      'false-wrangler versions upload --config wrangler.toml --env production',
      // Every deployment before the promotion leaves the Worker's settings as they are: a configuration with its name alone.
      'false-wrangler versions deploy <new version id>@0% <serving version id>@100% --config .wrangler/release/versions-deploy.json --yes',
      'Cloudflare-Workers-Version-Overrides: papaya-public-site="<new version id>"',
      'node scripts/check-payment-pages.mjs https://www.papayapay.com --version <new version id> --worker papaya-public-site --approve',
      'false-wrangler kv key put payment-pages:approved:<new version id> --binding CACHE --config wrangler.toml --env production --remote',
      'false-wrangler versions deploy <new version id>@10% <serving version id>@90% --config .wrangler/release/versions-deploy.json --yes',
      'node scripts/alerts-check.mjs --production --canary <new version id> --serving <serving version id>',
      'false-wrangler versions deploy <new version id>@100% --config wrangler.toml --env production --yes',
      'false-wrangler triggers deploy --config wrangler.toml --env production',
    ];
    const at = steps.map((step) => out.indexOf(step));
    expect(
      at.every((i) => i >= 0),
      out,
    ).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(out).toContain('Dry run: nothing was changed.');
  });

  it("refuses a watch shorter than Durable Objects' deferred code update and three judged minutes", async () => {
    const { code, out } = await dryRun(['--watch-minutes', '7']);
    expect(code).toBe(2);
    expect(out).toContain('--watch-minutes must be at least 8');
  });

  it('refuses a share outside 1–99', async () => {
    const { code, out } = await dryRun(['--share', '100']);
    expect(code).toBe(2);
    expect(out).toContain('--share must be 1–99');
  });
});
