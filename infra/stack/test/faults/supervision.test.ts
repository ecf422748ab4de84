/**
 * Faults under supervision, on a private stack: Postgres SIGKILLed under a write load (503 while it
 * is down, restarted by the supervisor, writes succeed again within 10 s, and every write the API
 * acknowledged is in the table afterwards), the gateway SIGKILLed (restarted), and an edge function
 * crashing (restarted while the other functions keep answering).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFaultStack,
  destroyFaultStack,
  postmasterPid,
  readPid,
  sleep,
  supervisorLog,
  type FaultStack,
} from './fault-stack.js';
import { asSuperuser } from './snapshot.js';

let stack: FaultStack;

async function asOwner<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

function serviceHeaders(): Record<string, string> {
  return {
    apikey: stack.serviceRoleKey,
    Authorization: `Bearer ${stack.serviceRoleKey}`,
    'Content-Type': 'application/json',
    Prefer: 'return=minimal',
  };
}

async function status(url: string, init: RequestInit = {}): Promise<number> {
  try {
    return (await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return 0;
  }
}

beforeAll(() => {
  stack = createFaultStack('supervision', 25591, 25592);
});

afterAll(() => {
  if (stack) destroyFaultStack(stack);
});

describe('Postgres killed under a write load', () => {
  it('answers 503 while it is down, is restarted, and keeps every acknowledged write', async () => {
    await asOwner(`create table public.fault_writes (id bigint primary key, at timestamptz not null default now());
      grant select, insert on public.fault_writes to service_role;
      notify pgrst, 'reload schema'`);
    // Crash recovery replays the WAL written since the last checkpoint (at most checkpoint_timeout,
    // 15 min, of it in production); a fresh stack has all of its bootstrap still to replay.
    await asSuperuser(stack, 'checkpoint');
    const table = `${stack.apiUrl}/rest/v1/fault_writes`;
    await expect
      .poll(() => status(`${table}?limit=1`, { headers: serviceHeaders() }), { timeout: 10_000 })
      .toBe(200);

    interface Write {
      id: number;
      startedAt: number;
      endedAt: number;
      code: number;
    }
    const writes: Write[] = [];
    let nextId = 1;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const id = nextId++;
        const startedAt = Date.now();
        const code = await status(table, {
          method: 'POST',
          headers: serviceHeaders(),
          body: JSON.stringify({ id }),
        });
        writes.push({ id, startedAt, endedAt: Date.now(), code });
        if (code !== 201) await sleep(50);
      }
    };
    const writers = Array.from({ length: 4 }, writer);

    await sleep(1_500);
    const pid = postmasterPid(stack)!;
    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL');
    // Until the supervisor has restarted it and writes have gone through for a second since.
    const restarted = () => /"postgres restarted"/.test(supervisorLog(stack));
    const deadline = Date.now() + 30_000;
    while (!restarted() && Date.now() < deadline) await sleep(100);
    await sleep(1_000);
    stop = true;
    await Promise.all(writers);

    // Backends still running when the postmaster dies can commit for a moment; the outage is from
    // the kill to the last failed write, and recovery is the first write started after it that succeeded.
    const failed = writes.filter((w) => w.code !== 201 && w.startedAt >= killedAt);
    const lastFailure = Math.max(...failed.map((w) => w.startedAt));
    const recovered = writes.find((w) => w.code === 201 && w.startedAt > lastFailure);
    const acknowledged = writes.filter((w) => w.code === 201).map((w) => w.id);
    const statuses = [...new Set(writes.map((w) => w.code))].sort();
    const recoveryMs = recovered ? recovered.endedAt - killedAt : -1;
    console.info(
      `postgres kill: ${writes.length} writes, ${acknowledged.length} acknowledged, ${failed.length} refused with ${statuses.join('/')}, writes succeed again ${recoveryMs} ms after the kill`,
    );
    expect(restarted()).toBe(true);
    expect(failed.length).toBeGreaterThan(0);
    expect(recovered).toBeDefined();
    expect(recoveryMs).toBeLessThan(10_000);
    // While it was down the API said so: 503, never a 500 or a dropped connection.
    expect(statuses).toEqual([201, 503]);
    expect(postmasterPid(stack)).not.toBe(pid);

    const present = await asOwner<{ id: string }>(
      'select id from public.fault_writes where id = any($1::bigint[])',
      [acknowledged],
    );
    expect(present.length).toBe(acknowledged.length);
  }, 60_000);
});

describe('the gateway killed', () => {
  it('is restarted by the supervisor', async () => {
    const pid = readPid(stack, 'gateway.pid');
    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL');
    await expect
      .poll(() => status(`${stack.apiUrl}/__stack/health`), { timeout: 30_000, interval: 100 })
      .toBe(200);
    console.info(`gateway kill: answering again after ${Date.now() - killedAt} ms`);
    expect(readPid(stack, 'gateway.pid')).not.toBe(pid);
    await expect.poll(() => supervisorLog(stack), { timeout: 5_000 }).toMatch(/"gateway restarted"/);
  }, 40_000);
});

describe('an edge function crashing', () => {
  const invoke = (name: string) =>
    status(`${stack.apiUrl}/functions/v1/${name}`, { headers: { apikey: stack.anonKey } });

  it('is restarted while the other functions keep answering', async () => {
    await expect.poll(() => invoke('victim'), { timeout: 30_000, interval: 200 }).toBe(200);
    await expect.poll(() => invoke('echo'), { timeout: 30_000, interval: 200 }).toBe(200);
    const crash = await status(`${stack.apiUrl}/functions/v1/victim/exit`, {
      method: 'POST',
      headers: { apikey: stack.anonKey },
    });
    expect(crash).toBeGreaterThanOrEqual(500);
    // The victim restarts after a back-off; echo never notices.
    expect(await invoke('echo')).toBe(200);
    await expect.poll(() => invoke('victim'), { timeout: 15_000, interval: 100 }).toBe(200);
    expect(await invoke('echo')).toBe(200);
  }, 60_000);
});
