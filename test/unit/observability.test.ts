import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * What Cloudflare keeps of the Worker's invocations, as wrangler.toml sets it: invocation logs
 * and traces record whole URLs, which carry the links' tokens, so both are off, for production
 * too (docs/security.md, what the site keeps).
 */
const toml = readFileSync('wrangler.toml', 'utf8');

/** The lines of one `[section]` of wrangler.toml, up to the next section. */
function section(name: string): string {
  const start = toml.indexOf(`\n[${name}]\n`);
  expect(start, `[${name}] in wrangler.toml`).toBeGreaterThan(-1);
  const body = toml.slice(start + name.length + 4);
  return body.slice(0, body.search(/\n\[/) + 1 || undefined);
}

describe('what Cloudflare keeps of an invocation', () => {
  it.each(['', 'env.production.'])('[%sobservability]: invocation logs and traces are off', (prefix) => {
    expect(section(`${prefix}observability.logs`)).toMatch(/^invocation_logs = false$/m);
    expect(section(`${prefix}observability.traces`)).toMatch(/^enabled = false$/m);
  });
});
