/**
 * Edge function input validation (performance-metrics): bad JSON, missing or mistyped fields,
 * oversized bodies and wrong methods get 400/405/413, never a 500; a well-formed report is
 * accepted (control, stored once per run and marked as the suite's).
 */
import { describe, expect, it } from 'vitest';
import { apiHeaders, httpRequest, type HttpResponse } from '../lib/http.js';
import { suite } from './context.js';

const { target, personas, runId } = suite();
const url = `${target.apiUrl}/functions/v1/performance-metrics`;

function post(body: string | Buffer, type = 'application/json', method = 'POST'): Promise<HttpResponse> {
  return httpRequest(url, {
    method,
    body: method === 'GET' ? undefined : body,
    localAddress: '127.0.0.7',
    headers: apiHeaders(target.anonKey, personas.analyst.accessToken, { 'Content-Type': type }),
  });
}

const valid = () => ({
  metrics: {
    domContentLoaded: 120,
    loadComplete: 340,
    memoryUsage: null,
    slowResources: [],
    timestamp: Date.now(),
  },
  url: `https://security-suite.test/${runId}`,
  timestamp: Date.now(),
  userAgent: 'security-suite',
});

describe('API · edge function input validation', () => {
  it('a well-formed report is accepted (control)', async () => {
    const res = await post(JSON.stringify(valid()));
    expect(res.status, res.text).toBe(202);
  });

  const bad: [string, string][] = [
    ['invalid JSON', '{"metrics": '],
    ['an empty body', ''],
    ['a JSON array', '[]'],
    ['a JSON string', '"report"'],
    ['missing metrics', JSON.stringify({ ...valid(), metrics: undefined })],
    ['missing url', JSON.stringify({ ...valid(), url: undefined })],
    ['a number where a string belongs', JSON.stringify({ ...valid(), url: 42 })],
    ['negative timings', JSON.stringify({ ...valid(), metrics: { ...valid().metrics, loadComplete: -1 } })],
    ['a url over 2048 characters', JSON.stringify({ ...valid(), url: `https://x.test/${'a'.repeat(2100)}` })],
    [
      '101 slow resources',
      JSON.stringify({
        ...valid(),
        metrics: { ...valid().metrics, slowResources: Array(101).fill({ name: 'x', duration: 1 }) },
      }),
    ],
    ['an XSS string as timestamp', JSON.stringify({ ...valid(), timestamp: '<script>alert(1)</script>' })],
    ['a prototype pollution key', '{"__proto__": {"admin": true}, "url": 1}'],
  ];
  for (const [name, body] of bad) {
    it(`${name} answers 400`, async () => {
      const res = await post(body);
      expect(res.status, res.text).toBe(400);
      expect(res.json).toMatchObject({ error: expect.any(String) });
    });
  }

  it('a body over 16 KB answers 413', async () => {
    const res = await post(JSON.stringify({ ...valid(), userAgent: 'u'.repeat(17 * 1024) }));
    expect(res.status).toBe(413);
  });

  it('GET answers 405 with Allow', async () => {
    const res = await post('', 'application/json', 'GET');
    expect(res.status).toBe(405);
    expect(String(res.headers.allow)).toContain('POST');
  });

  it('an unknown function answers 404, never 500', async () => {
    const res = await httpRequest(`${target.apiUrl}/functions/v1/..%2f..%2fetc%2fpasswd`, {
      method: 'POST',
      body: '{}',
      headers: apiHeaders(target.anonKey, personas.analyst.accessToken, {
        'Content-Type': 'application/json',
      }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('API · edge function input validation (ioc-classify)', () => {
  const ioc = (body: string, type = 'application/json', method = 'POST') =>
    httpRequest(`${target.apiUrl}/functions/v1/ioc-classify`, {
      method,
      body: method === 'GET' ? undefined : body,
      headers: apiHeaders(target.anonKey, personas.analyst.accessToken, { 'Content-Type': type }),
    });

  it('hostile text is classified and answered as JSON with defanged values (control)', async () => {
    const res = await ioc(
      JSON.stringify({ text: 'see http://evil.example/<script>alert(1)</script> and 203.0.113.9' }),
    );
    expect(res.status, res.text).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    const { indicators } = res.json as { indicators: { defanged: string }[] };
    expect(indicators.length).toBeGreaterThan(0);
    for (const i of indicators) expect(i.defanged).not.toMatch(/https?:\/\/|javascript:/i);
  });

  const bad: [string, string][] = [
    ['invalid JSON', '{"text": '],
    ['missing text', '{}'],
    ['an empty text', '{"text": ""}'],
    ['a number as text', '{"text": 42}'],
    ['an unknown field', '{"text": "x", "admin": true}'],
    ['a JSON array', '["x"]'],
    ['text over 100,000 characters', JSON.stringify({ text: 'a'.repeat(100_001) })],
  ];
  for (const [name, body] of bad) {
    it(`${name} answers 400`, async () => {
      const res = await ioc(body);
      expect(res.status, res.text.slice(0, 200)).toBe(400);
    });
  }

  it('a body over 256 KB answers 413, a non-JSON content type 415, GET 405', async () => {
    expect((await ioc(JSON.stringify({ text: 'b'.repeat(300 * 1024) }))).status).toBe(413);
    expect((await ioc('text=x', 'text/plain')).status).toBe(415);
    expect((await ioc('', 'application/json', 'GET')).status).toBe(405);
  });
});
