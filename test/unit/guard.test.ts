import { describe, expect, it } from 'vitest';
import { clientOf, POLICIES } from '../../src/security/guard';

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
