import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackSecrets } from '../config/secrets.js';
import type { Pools } from '../kernel/db.js';
import { createGatewayMetrics } from './gateway-metrics.js';

const secrets = { serviceRoleKey: 'service-key', anonKey: 'anon-key' } as StackSecrets;
const pool = (total: number, idle: number, waiting: number) =>
  ({ totalCount: total, idleCount: idle, waitingCount: waiting }) as unknown as pg.Pool;
const pools: Pools = { api: pool(5, 3, 1), auth: pool(2, 2, 0) };
let server: http.Server;
let base: string;

beforeAll(async () => {
  const metrics = createGatewayMetrics(secrets, pools, undefined);
  server = http.createServer((req, res) => {
    metrics.track(req, res);
    if (req.url === '/metrics') return void metrics.serve(req, res);
    metrics.label(res, 'rest');
    res.writeHead(req.url === '/down' ? 503 : 200);
    res.end('x');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('gateway metrics', () => {
  it('refuse a scrape without the service key', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const anon = await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer anon-key' } });
    expect(anon.status).toBe(401);
  });

  it('count requests, latency and errors per service, and pool use', async () => {
    await fetch(`${base}/ok`);
    await fetch(`${base}/down`);
    const response = await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer service-key' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('cti_http_requests_total{service="rest",method="GET",status="200"} 1');
    expect(text).toContain('cti_http_requests_total{service="rest",method="GET",status="503"} 1');
    expect(text).toContain('cti_http_errors_total{service="rest"} 1');
    expect(text).toContain('cti_http_request_duration_seconds_count{service="rest"} 2');
    expect(text).toContain('cti_db_pool_connections{pool="api",state="waiting"} 1');
    expect(text).toContain('cti_db_pool_connections{pool="auth",state="idle"} 2');
    expect(text).toMatch(/cti_gateway_process_resident_memory_bytes \d+/);
  });
});
