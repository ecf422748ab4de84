import { describe, expect, it } from 'vitest';
import { cidrEntry } from './cidr.js';

describe('cidrEntry', () => {
  it('keeps a network as it is and an address as its /32 or /128', () => {
    expect(cidrEntry('10.0.0.0/8')).toEqual({ ok: true, network: '10.0.0.0/8', hostBitsCleared: false });
    expect(cidrEntry('8.8.8.8')).toEqual({ ok: true, network: '8.8.8.8/32', hostBitsCleared: false });
    expect(cidrEntry('2001:4860:4860::8888')).toEqual({
      ok: true,
      network: '2001:4860:4860::8888/128',
      hostBitsCleared: false,
    });
    expect(cidrEntry('::/0')).toEqual({ ok: true, network: '::/0', hostBitsCleared: false });
  });

  it('clears host bits (PostgreSQL refuses them in a cidr) and says it did', () => {
    expect(cidrEntry('192.168.1.77/16')).toEqual({
      ok: true,
      network: '192.168.0.0/16',
      hostBitsCleared: true,
    });
    expect(cidrEntry('FE80::1/10')).toEqual({ ok: true, network: 'fe80::/10', hostBitsCleared: true });
    expect(cidrEntry('::ffff:192.0.2.77/120')).toEqual({
      ok: true,
      network: '::ffff:c000:200/120',
      hostBitsCleared: true,
    });
  });

  it('rejects what is not an address or range', () => {
    expect(cidrEntry('example.com')).toEqual({
      ok: false,
      reason: '"example.com" is not an IPv4 or IPv6 address or CIDR range',
    });
    expect(cidrEntry('10.0.0.0/8/8').ok).toBe(false);
    expect(cidrEntry('10.0.0.0/x')).toEqual({
      ok: false,
      reason: '"10.0.0.0/x" has a prefix length outside 0–32',
    });
    expect(cidrEntry('2001:db8::/129').ok).toBe(false);
  });
});
