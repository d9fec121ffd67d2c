import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientOf, POLICIES, type Policy } from '../../src/security/guard';
import { readConfig } from '../../src/settings/config';

const client = (ip?: string) => clientOf(new Headers(ip ? { 'CF-Connecting-IP': ip } : {}));

describe('who the abuse guard counts', () => {
  it('an IPv4 address is one client', () => {
    expect(client('203.0.113.7')).toBe('203.0.113.7');
    expect(client('203.0.113.8')).not.toBe(client('203.0.113.7'));
  });

  it('IPv6 addresses are counted by their /64, however they are written', () => {
    expect(client('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(client('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(client('2001:DB8:1:2:ffff::')).toBe('2001:db8:1:2::/64');
    expect(client('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(client('2001:db8:1:3::1')).not.toBe(client('2001:db8:1:2::1'));
  });

  it('a request without an address is one client, "unknown"', () => {
    expect(client()).toBe('unknown');
  });

  it('every policy has a window', () => {
    for (const policy of Object.values(POLICIES)) expect(policy.windowMs).toBeGreaterThan(0);
  });
});

describe("docs/security.md's limits table", () => {
  const SUBJECTS: Record<string, string> = {
    device: 'device',
    client: 'address',
    card: 'card',
    phone: 'phone number',
    payee: 'payee',
    site: 'site',
    invite: 'invite',
    target: 'invite or network',
    cache: 'cache key',
  };
  const UNITS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };
  const rows = new Map(
    readFileSync(join(import.meta.dirname, '../../docs/security.md'), 'utf8')
      .split('\n')
      .filter((line) => /^\| `\w+` \|/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .map((cells) => [cells[1]!.replaceAll('`', ''), cells.slice(2)] as const),
  );

  it('gives every policy its subject, number, count that asks for the interactive check, and window, as the guard has them', () => {
    const defaults = readConfig({});
    for (const [name, policy] of Object.entries(POLICIES) as [string, Policy][]) {
      const row = rows.get(name);
      expect(row, name).toBeDefined();
      const [subject, , atCount, limit, window] = row!;
      expect(subject, name).toBe(SUBJECTS[policy.subject]);
      const number = typeof policy.limit === 'function' ? policy.limit(defaults) : policy.limit;
      expect(Number.isFinite(number) ? Number(/(\d+)\)?$/.exec(limit!)?.[1]) : limit, name).toBe(Number.isFinite(number) ? number : 'none');
      expect(atCount ? Number(/^(\d+)/.exec(atCount)?.[1]) : undefined, name).toBe(policy.stepUpAt);
      const [, n, unit] = /^(\d+) (second|minute|hour|day)s?$/.exec(window!)!;
      expect(Number(n) * UNITS[unit!]!, name).toBe(policy.windowMs);
    }
    expect([...rows.keys()].filter((name) => !(name in POLICIES))).toEqual([]);
  });
});
