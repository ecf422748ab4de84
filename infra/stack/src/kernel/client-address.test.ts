import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseAddressRanges } from '../config/address-ranges.js';
import { clientAddress, isTrustedProxy } from './client-address.js';
import { headerMap } from './http.js';

const request = (peer: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('::ffff:203.0.113.5', '198.51.100.9'), [])).toBe('203.0.113.5');
  });

  it('is the forwarded client behind a trusted proxy', () => {
    expect(clientAddress(request('::ffff:127.0.0.1', '198.51.100.9'), ['127.0.0.1'])).toBe('198.51.100.9');
  });

  it('takes the last hop that is not a trusted proxy: earlier hops are the client’s to forge', () => {
    const chain = '6.6.6.6, 198.51.100.9, 10.0.0.2';
    expect(clientAddress(request('127.0.0.1', chain), ['127.0.0.1', '10.0.0.2'])).toBe('198.51.100.9');
  });

  it('ignores X-Forwarded-For from a peer that is not trusted', () => {
    expect(clientAddress(request('192.0.2.7', '198.51.100.9'), ['127.0.0.1'])).toBe('192.0.2.7');
  });

  it('falls back to the proxy itself when the header is missing or only lists proxies', () => {
    expect(clientAddress(request('127.0.0.1'), ['127.0.0.1'])).toBe('127.0.0.1');
    expect(clientAddress(request('127.0.0.1', '127.0.0.1'), ['127.0.0.1'])).toBe('127.0.0.1');
  });

  it('trusts CIDR ranges of either family, and mapped IPv4 peers as IPv4', () => {
    const trusted = ['10.0.0.0/8', 'fd00::/8', '127.0.0.1'];
    expect(clientAddress(request('10.1.2.3', '198.51.100.9, 10.9.9.9'), trusted)).toBe('198.51.100.9');
    expect(clientAddress(request('fd12::1', '2001:db8::5'), trusted)).toBe('2001:db8::5');
    expect(clientAddress(request('::ffff:10.0.0.1', '198.51.100.9'), trusted)).toBe('198.51.100.9');
    expect(clientAddress(request('11.0.0.1', '198.51.100.9'), trusted)).toBe('11.0.0.1');
    expect(isTrustedProxy('fe80::1', trusted)).toBe(false);
  });

  it('does not let a junk hop stand for the client: the proxy is the best it knows', () => {
    expect(clientAddress(request('127.0.0.1', '198.51.100.9, unknown'), ['127.0.0.1'])).toBe('127.0.0.1');
  });

  it('refuses a list entry that is not an address or range, in plain words', () => {
    expect(() => parseAddressRanges(['127.0.0.1', 'proxy.local'], 'web_trusted_proxies')).toThrow(
      /"proxy.local" is not an IP address or CIDR range/,
    );
    expect(() => parseAddressRanges(['10.0.0.0/33'], 'web_trusted_proxies')).toThrow(/CIDR/);
    expect(() => parseAddressRanges(['::1/128', '192.168.0.0/16'], 'web_trusted_proxies')).not.toThrow();
  });

  it('hands SQL (request.headers) the derived address instead of the client’s X-Forwarded-For', () => {
    expect(headerMap(request('192.0.2.7', '6.6.6.6'), ['127.0.0.1'])['x-forwarded-for']).toBe('192.0.2.7');
    expect(headerMap(request('127.0.0.1', '6.6.6.6, 198.51.100.9'), ['127.0.0.1'])['x-forwarded-for']).toBe(
      '198.51.100.9',
    );
  });
});
