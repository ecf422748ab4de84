import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './http.js';

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
});
