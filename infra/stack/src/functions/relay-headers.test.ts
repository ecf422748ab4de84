import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { copyResponseHeaders, forwardRequestHeaders } from './relay-headers.js';

function response(preset: Record<string, string> = {}): http.ServerResponse {
  const res = new http.ServerResponse(new http.IncomingMessage(null as never));
  for (const [name, value] of Object.entries(preset)) res.setHeader(name, value);
  return res;
}

describe('request headers to the function', () => {
  it('drops hop-by-hop headers (also those named in Connection) and adds X-Forwarded-*', () => {
    const out = forwardRequestHeaders(
      {
        host: '127.0.0.1:54321',
        connection: 'keep-alive, x-hop',
        'x-hop': 'secret',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        expect: '100-continue',
        authorization: 'Bearer t',
        'content-length': '12',
      },
      { ip: '127.0.0.1', host: '127.0.0.1:54321' },
    );
    expect(out).toEqual({
      host: '127.0.0.1:54321',
      authorization: 'Bearer t',
      'content-length': '12',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': '127.0.0.1:54321',
    });
  });

  it('replaces a client-supplied X-Forwarded-For with the address the gateway saw', () => {
    const out = forwardRequestHeaders(
      { 'x-forwarded-for': '203.0.113.9' },
      { ip: '127.0.0.1', host: undefined },
    );
    expect(out['x-forwarded-for']).toBe('127.0.0.1');
  });
});

describe('response headers from the function', () => {
  it('lets the function narrow an allowed origin and merges exposed headers and Vary without duplicates', () => {
    const res = response({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': 'Content-Range, x-relay-error',
      Vary: 'Origin',
    });
    copyResponseHeaders(
      {
        'access-control-allow-origin': 'http://app.example',
        'access-control-expose-headers': 'x-relay-error, x-own',
        vary: 'origin, Accept-Encoding',
        'content-type': 'application/json',
        connection: 'close',
        'transfer-encoding': 'chunked',
        'set-cookie': ['a=1', 'b=2'],
      },
      res,
    );
    expect(res.getHeader('access-control-allow-origin')).toBe('http://app.example');
    expect(res.getHeader('access-control-expose-headers')).toBe('Content-Range, x-relay-error, x-own');
    expect(res.getHeader('vary')).toBe('Origin, Accept-Encoding');
    expect(res.getHeader('content-type')).toBe('application/json');
    expect(res.getHeader('set-cookie')).toEqual(['a=1', 'b=2']);
    expect(res.hasHeader('connection')).toBe(false);
    expect(res.hasHeader('transfer-encoding')).toBe(false);
  });

  it('drops the function’s Allow-Origin when the gateway’s allow-list refused the origin', () => {
    const res = response();
    copyResponseHeaders({ 'access-control-allow-origin': 'http://evil.example' }, res);
    expect(res.hasHeader('access-control-allow-origin')).toBe(false);
  });
});
