import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OUTBOUND_POLICY,
  checkAllowEntry,
  checkOutboundUrl,
  refusalForAddress,
  unwrapIpv4,
} from './address-rules.js';

const open = DEFAULT_OUTBOUND_POLICY;
const strict = { allow: [], restrictPrivate: true };

describe('outbound address rules', () => {
  it('refuses link-local and cloud metadata addresses of both families', () => {
    for (const address of ['169.254.169.254', '169.254.0.1', 'fe80::1', 'fd00:ec2::254', '100.100.100.200'])
      expect(refusalForAddress(address, open), address).toBeDefined();
    expect(refusalForAddress('169.254.169.254', open)).toMatch(/link-local/);
    expect(refusalForAddress('fd00:ec2::254', open)).toMatch(/metadata/);
  });

  it('judges IPv6 forms of an IPv4 address as that address', () => {
    expect(unwrapIpv4('::ffff:169.254.169.254')).toBe('169.254.169.254');
    expect(unwrapIpv4('::ffff:a9fe:a9fe')).toBe('169.254.169.254');
    expect(unwrapIpv4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(unwrapIpv4('::169.254.169.254')).toBe('169.254.169.254');
    expect(unwrapIpv4('::1')).toBeUndefined();
    expect(unwrapIpv4('2001:db8::1')).toBeUndefined();
    for (const address of [
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '[::ffff:a9fe:a9fe]',
    ])
      expect(refusalForAddress(address, open), address).toMatch(/169\.254\.169\.254 is a link-local/);
  });

  it('refuses decimal, octal and hex spellings of the metadata address where the URL is set', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://2852039166/',
      'http://0251.0376.0251.0376/',
      'http://0xa9.0xfe.0xa9.0xfe/',
      'http://0xa9fea9fe/',
      'http://[::ffff:169.254.169.254]/',
      'http://[fd00:ec2::254]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://METADATA.google.internal./',
    ])
      expect(() => checkOutboundUrl(url), url).toThrow(
        /refused to connect to .*: .*An administrator can allow/,
      );
  });

  it('allows private and loopback ranges by default, and refuses them when restricted', () => {
    for (const address of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '127.0.0.1',
      '::1',
      'fd12::1',
      '100.64.0.1',
    ]) {
      expect(refusalForAddress(address, open), address).toBeUndefined();
      expect(refusalForAddress(address, strict), address).toMatch(/private|loopback/);
    }
    expect(refusalForAddress('::ffff:127.0.0.1', strict)).toMatch(/loopback/);
    expect(refusalForAddress('0.0.0.0', strict)).toMatch(/loopback/);
  });

  it('lets public addresses through, and never multicast or broadcast', () => {
    for (const address of ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '8.8.8.8'])
      expect(refusalForAddress(address, strict), address).toBeUndefined();
    for (const address of ['224.0.0.1', '255.255.255.255', 'ff02::1'])
      expect(refusalForAddress(address, open), address).toMatch(/not a single host/);
  });

  it('lets an administrator allow one address or range that a rule refuses', () => {
    const policy = { allow: ['169.254.10.0/24', '10.0.0.5'], restrictPrivate: true };
    expect(refusalForAddress('169.254.10.7', policy)).toBeUndefined();
    expect(refusalForAddress('169.254.169.254', policy)).toBeDefined();
    expect(refusalForAddress('10.0.0.5', policy)).toBeUndefined();
    expect(refusalForAddress('10.0.0.6', policy)).toMatch(/private/);
  });

  it('refuses an allow-list entry that is not an address or range, and other schemes, in plain words', () => {
    expect(() => checkAllowEntry('metadata.local')).toThrow(
      /"metadata.local" is not an IP address or CIDR range/,
    );
    expect(() => checkAllowEntry('10.0.0.0/40')).toThrow(/CIDR/);
    expect(() => checkAllowEntry('fd00::/8')).not.toThrow();
    expect(() => checkOutboundUrl('file:///etc/passwd')).toThrow(/only http:\/\/ and https:\/\//);
    expect(() => checkOutboundUrl('not a url')).toThrow(/not a URL/);
  });
});
