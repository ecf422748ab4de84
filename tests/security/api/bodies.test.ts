/** Oversized and malformed request bodies get a 4xx, never a 500, on REST, RPC and auth. */
import { describe, expect, it } from 'vitest';
import { apiHeaders, httpRequest } from '../lib/http.js';
import { suite } from './context.js';

const { target, personas } = suite();
const service = apiHeaders(target.serviceRoleKey);
const analyst = apiHeaders(target.anonKey, personas.analyst.accessToken);

function bigJson(bytes: number): string {
  return JSON.stringify({ title: 'oversize', description: 'x'.repeat(bytes) });
}

describe('API · oversized and malformed bodies', () => {
  const max = target.limits.maxBodyBytes;

  it(`REST insert over max_body_bytes (${max}) answers 413`, async () => {
    const res = await httpRequest(`${target.apiUrl}/rest/v1/enhanced_security_alerts`, {
      method: 'POST',
      body: bigJson(max + 1024),
      headers: { ...service, 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
  });

  it('RPC body over max_body_bytes answers 413', async () => {
    const res = await httpRequest(`${target.apiUrl}/rest/v1/rpc/log_security_violation`, {
      method: 'POST',
      body: JSON.stringify({ _event_type: 'suspicious_activity', _details: { x: 'y'.repeat(max + 10) } }),
      headers: { ...analyst, 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
  });

  it('a body larger than its Content-Length claims is refused, not buffered', async () => {
    const res = await httpRequest(`${target.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      body: `{"email":"a@b.c","password":"${'p'.repeat(max + 100)}"}`,
      headers: { apikey: target.anonKey, 'Content-Type': 'application/json' },
    });
    expect([400, 413]).toContain(res.status);
  });

  it('a text column over its CHECK length is refused with 400 (23514)', async () => {
    const res = await httpRequest(`${target.apiUrl}/rest/v1/enhanced_security_alerts`, {
      method: 'POST',
      body: JSON.stringify({ title: 't'.repeat(301) }),
      headers: { ...service, 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: '23514' });
  });

  it('a NUL character in text is refused with 4xx', async () => {
    const res = await httpRequest(`${target.apiUrl}/rest/v1/enhanced_security_alerts`, {
      method: 'POST',
      body: JSON.stringify({ title: 'nul \u0000 inside' }),
      headers: { ...service, 'Content-Type': 'application/json' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('a JSON scalar instead of a row creates nothing and is not a 500', async () => {
    const res = await httpRequest(`${target.apiUrl}/rest/v1/enhanced_security_alerts`, {
      method: 'POST',
      body: '"a scalar, not a row"',
      headers: { ...service, 'Content-Type': 'application/json', Prefer: 'return=representation' },
    });
    expect(res.status).toBeLessThan(500);
    if (res.status < 300) expect(res.json).toEqual([]);
  });

  // Form-encoded bodies are not in this list: PostgREST accepts them for inserts and RPC on purpose.
  const malformed: [string, string, string][] = [
    ['truncated JSON', '{"title": "x"', 'application/json'],
    ['not JSON at all', 'title=x', 'application/json'],
    ['JSON with a trailing comma', '{"title": "x",}', 'application/json'],
    ['invalid UTF-8', '\xff\xfe{"title":1}', 'application/json'],
    ['XML', '<alert><title>x</title></alert>', 'application/xml'],
    ['text/plain JSON', '{"title":"x"}', 'text/plain'],
  ];
  for (const [name, body, type] of malformed) {
    it(`REST insert with ${name} (${type}) answers 4xx`, async () => {
      const res = await httpRequest(`${target.apiUrl}/rest/v1/enhanced_security_alerts`, {
        method: 'POST',
        body: Buffer.from(body, 'latin1'),
        headers: { ...service, 'Content-Type': type, Prefer: 'return=minimal' },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });

    it(`RPC with ${name} (${type}) answers 4xx`, async () => {
      const res = await httpRequest(`${target.apiUrl}/rest/v1/rpc/log_security_violation`, {
        method: 'POST',
        body: Buffer.from(body, 'latin1'),
        headers: { ...analyst, 'Content-Type': type },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });

    it(`auth sign-in with ${name} (${type}) answers 4xx`, async () => {
      const res = await httpRequest(`${target.apiUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        body: Buffer.from(body, 'latin1'),
        localAddress: '127.0.0.6',
        headers: { apikey: target.anonKey, 'Content-Type': type },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });
  }
});
