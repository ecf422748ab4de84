/** `k6/http` asyncRequest against a local server: Response, metrics, tags and expected statuses. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vuStorage } from './context.js';
import { registry, resetRegistry } from './registry.js';
import http from './shims/http.js';
import type { RateSink, TrendSink } from './sinks.js';
import { closeAgents, parseLocalIps } from './transport.js';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 500);
      const status = Number(new URL(req.url!, 'http://x').searchParams.get('status') ?? 200);
      res.writeHead(status, { 'content-type': 'application/json', 'x-echo-method': req.method });
      res.end(
        JSON.stringify({
          method: req.method,
          body: Buffer.concat(chunks).toString(),
          nested: { list: [{ id: 7 }] },
          auth: req.headers.authorization ?? null,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  closeAgents();
  server.close();
});

beforeEach(() => {
  resetRegistry();
  http.setResponseCallback(http.expectedStatuses({ min: 200, max: 399 }));
});

const asVu = <T>(fn: () => T): T =>
  vuStorage.run(
    { vu: 1, iteration: 0, scenario: 'unit', group: '::g', stopped: new AbortController().signal },
    fn,
  );

describe('asyncRequest', () => {
  it('answers status, headers, body, json() with a selector and timings', async () => {
    const res = await asVu(() =>
      http.asyncRequest('POST', `${base}/echo`, JSON.stringify({ a: 1 }), {
        headers: { Authorization: 'Bearer t' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers['X-Echo-Method']).toBe('POST');
    expect(res.json()).toMatchObject({ method: 'POST', body: '{"a":1}', auth: 'Bearer t' });
    expect(res.json('nested.list.0.id')).toBe(7);
    expect(res.timings.duration).toBeGreaterThan(0);
    expect(res.timings.duration).toBeCloseTo(
      res.timings.sending + res.timings.waiting + res.timings.receiving,
      5,
    );
  });

  it('form-encodes object bodies as k6 does', async () => {
    const res = await asVu(() => http.asyncRequest('POST', `${base}/form`, { a: '1', b: 'x y' }));
    expect((res.json() as { body: string }).body).toBe('a=1&b=x+y');
  });

  it('records http_reqs, http_req_duration and http_req_failed with k6 tags', async () => {
    const named = registry.subMetric('http_req_duration', {
      name: 'echo',
      group: '::g',
      scenario: 'unit',
      method: 'GET',
      status: '200',
    });
    await asVu(() => http.asyncRequest('GET', `${base}/ok`, undefined, { tags: { name: 'echo' } }));
    await asVu(() => http.asyncRequest('GET', `${base}/missing?status=404`));
    expect(registry.metrics.get('http_reqs')!.sink.values(1000).count).toBe(2);
    expect((registry.metrics.get('http_req_failed')!.sink as RateSink).values()).toEqual({
      rate: 0.5,
      passes: 1,
      fails: 1,
    });
    expect((named.sink as TrendSink).count).toBe(1);
    expect(
      registry.metrics.get('http_req_duration')!.subs.find((s) => s.key.includes('expected_response'))!.sink
        .count,
    ).toBe(1);
  });

  it('counts statuses named by responseCallback / setResponseCallback as expected', async () => {
    await asVu(() =>
      http.asyncRequest('GET', `${base}/x?status=429`, undefined, {
        responseCallback: http.expectedStatuses(200, 429),
      }),
    );
    http.setResponseCallback(http.expectedStatuses(404));
    await asVu(() => http.asyncRequest('GET', `${base}/x?status=404`));
    expect((registry.metrics.get('http_req_failed')!.sink as RateSink).values().rate).toBe(0);
  });

  it('answers a timeout as status 0 with error_code 1050, and a refused connection with 1212', async () => {
    const slow = await asVu(() => http.asyncRequest('GET', `${base}/slow`, undefined, { timeout: '100ms' }));
    expect(slow.status).toBe(0);
    expect(slow.error_code).toBe(1050);
    const refused = await asVu(() => http.asyncRequest('GET', 'http://127.0.0.1:1/'));
    expect(refused.error_code).toBe(1212);
    expect((registry.metrics.get('http_req_failed')!.sink as RateSink).values().rate).toBe(1);
  });

  it('says that the blocking calls need asyncRequest', () => {
    expect(() => http.get()).toThrow(/asyncRequest/);
    expect(() => http.batch()).toThrow(/asyncRequest/);
  });
});

describe('localIPs', () => {
  it('expands ranges and lists', () => {
    expect(parseLocalIps('127.0.1.254-127.0.2.1')).toEqual([
      '127.0.1.254',
      '127.0.1.255',
      '127.0.2.0',
      '127.0.2.1',
    ]);
    expect(parseLocalIps('127.0.0.2,127.0.0.3')).toEqual(['127.0.0.2', '127.0.0.3']);
    expect(parseLocalIps(undefined)).toEqual([]);
  });
});
