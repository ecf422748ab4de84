import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { applyCors } from './cors.js';

function exchange(method: string, headers: Record<string, string>) {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.headers = headers;
  const res = new ServerResponse(req);
  return { req, res };
}

const ALLOW_LIST = ['http://app.example'];
const preflightHeaders = (origin: string) => ({
  origin,
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'authorization, apikey',
});

describe('applyCors', () => {
  it('answers a preflight from an allowed origin at the edge, reflecting the asked headers', () => {
    const { req, res } = exchange('OPTIONS', preflightHeaders('http://app.example'));
    expect(applyCors(req, res, ALLOW_LIST)).toBe(true);
    expect(res.statusCode).toBe(204);
    expect(res.getHeader('access-control-allow-origin')).toBe('http://app.example');
    expect(res.getHeader('access-control-allow-headers')).toBe('authorization, apikey');
    expect(res.getHeader('vary')).toBe('Origin');
  });

  it('leaves an allowed preflight to a service that answers its own, with the origin already set', () => {
    const { req, res } = exchange('OPTIONS', preflightHeaders('http://app.example'));
    expect(applyCors(req, res, ALLOW_LIST, true)).toBe(false);
    expect(res.headersSent).toBe(false);
    expect(res.getHeader('access-control-allow-origin')).toBe('http://app.example');
    expect(res.hasHeader('access-control-allow-methods')).toBe(false);
  });

  it('refuses a preflight from another origin with 403 even for such a service', () => {
    for (const forward of [false, true]) {
      const { req, res } = exchange('OPTIONS', preflightHeaders('http://evil.example'));
      expect(applyCors(req, res, ALLOW_LIST, forward)).toBe(true);
      expect(res.statusCode).toBe(403);
      expect(res.hasHeader('access-control-allow-origin')).toBe(false);
    }
  });

  it('passes a plain OPTIONS (no Access-Control-Request-Method) and ordinary requests through', () => {
    for (const method of ['OPTIONS', 'GET']) {
      const { req, res } = exchange(method, { origin: 'http://app.example' });
      expect(applyCors(req, res, ALLOW_LIST)).toBe(false);
      expect(res.getHeader('access-control-expose-headers')).toContain('Content-Range');
    }
  });
});
