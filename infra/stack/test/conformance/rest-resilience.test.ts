/**
 * The REST service when Postgres goes away: a request cut off mid-flight and requests made while
 * the database is unreachable get 503 (never a hang, never a 500 with a stack trace), and once the
 * database is back the service answers again and its schema cache listener reconnects.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasePort } from '../helpers/auth-db.js';
import { startRestGateway, type RestGateway } from '../helpers/rest-gateway.js';
import { uniqueName } from '../helpers/rest.js';
import { stackEnv } from '../helpers/stack-env.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

let proxy: TcpProxy;
let gateway: RestGateway;
const table = uniqueName('resilience').replace('-', '_');

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${gateway.url}/rest/v1${path}`, { headers: { apikey: gateway.anonKey } });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

async function eventually<T>(
  attempt: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function asOwner(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: stackEnv().dbUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  proxy = await startTcpProxy(databasePort());
  gateway = await startRestGateway({ dbPort: proxy.port });
});

afterAll(async () => {
  await proxy.close();
  await asOwner(`drop table if exists public.${table}`);
});

describe('rest when Postgres goes away', () => {
  it('answers 503 for a request cut off mid-flight and while the database is unreachable', async () => {
    expect((await get('/countries?select=id&id=eq.1')).status).toBe(200);
    const slow = fetch(`${gateway.url}/rest/v1/rpc/sleep_for`, {
      method: 'POST',
      headers: { apikey: gateway.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 5 }),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await proxy.cut();
    const cutOff = await slow;
    expect(cutOff.status).toBe(503);
    const body = (await cutOff.json()) as { code: string; message: string };
    expect(body.code).toBe('PGRST001');
    const whileDown = await get('/countries?select=id');
    expect(whileDown.status).toBe(503);
    expect(whileDown.body).toMatchObject({
      code: 'PGRST001',
      message: 'Database client error. Retrying the connection.',
    });
  });

  it('serves again once the database is back, and reloads its schema cache on DDL', async () => {
    await proxy.restore();
    const back = await eventually(
      () => get('/countries?select=name&id=eq.2'),
      (r) => r.status === 200,
    );
    expect(back).toEqual({ status: 200, body: [{ name: 'Japan' }] });
    expect((await get(`/${table}`)).status).toBe(404);
    await asOwner(
      `create table public.${table} (id int primary key); grant select on public.${table} to anon;`,
    );
    const created = await eventually(
      () => get(`/${table}`),
      (r) => r.status === 200,
    );
    expect(created).toEqual({ status: 200, body: [] });
  });
});
