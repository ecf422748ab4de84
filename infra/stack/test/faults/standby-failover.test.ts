/**
 * Failover to the streaming standby (src/ha), synchronous replication, on a private stack:
 *  - the primary SIGKILLed under four writers: writes resume on the promoted standby within 30 s,
 *    every write the API acknowledged is there, and the old primary is back as a (read-only)
 *    standby within 120 s;
 *  - disk loss: the primary's data folder, on a tmpfs (/dev/shm), removed: promoted at once, and
 *    the lost node cloned back as the standby;
 *  - a network partition between the nodes (the TCP proxy the standby streams through stopped):
 *    no promotion while the primary lives, synchronous commits wait instead of being acknowledged
 *    on one node, and everything completes once the link is back.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStandbyStack,
  destroyStandbyStack,
  query,
  serviceHeaders,
  sleep,
  standbyStatus,
  type StandbyStack,
} from '../helpers/standby-stack.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

const PORTS = { api: 27701, db: 27702, standby: 27703 };
const PROXY_PORT = 27709;
const TMPFS_DIR = '/dev/shm/cti-standby-faults-b';

let stack: StandbyStack;
let proxy: TcpProxy;
let nextId = 1;

beforeAll(async () => {
  rmSync(TMPFS_DIR, { recursive: true, force: true });
  // Node b streams from node a through this proxy; cutting it partitions the nodes.
  proxy = await startTcpProxy(PORTS.db, PROXY_PORT);
  stack = await createStandbyStack(
    'faults',
    PORTS,
    [`synchronous = true`, `data_dir = "${TMPFS_DIR}"`, `primary_port = ${PROXY_PORT}`].join('\n'),
  );
  await query(
    (await standbyStatus(stack)).DB_URL,
    `create table public.ha_writes (id bigint primary key, at timestamptz not null default now());
     grant select, insert on public.ha_writes to service_role;
     notify pgrst, 'reload schema';`,
  );
}, 300_000);

afterAll(async () => {
  if (stack) await destroyStandbyStack(stack);
  rmSync(TMPFS_DIR, { recursive: true, force: true });
  await proxy?.close();
}, 120_000);

async function write(id: number, timeoutMs = 5_000): Promise<boolean> {
  try {
    const response = await fetch(`${stack.apiUrl}/rest/v1/ha_writes`, {
      method: 'POST',
      headers: serviceHeaders(stack),
      body: JSON.stringify({ id }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.status === 201;
  } catch {
    return false;
  }
}

/**
 * Writers until stopped. The outage runs from the first failed write to the first acknowledged write
 * sent after the last failed one (a write in flight before the fault can still be acknowledged, and
 * a dying primary can fail some writes and take others).
 */
function startWriters(count: number) {
  const acknowledged: number[] = [];
  const successes: { started: number; ended: number }[] = [];
  const failures: number[] = [];
  let stop = false;
  const loops = Array.from({ length: count }, async () => {
    while (!stop) {
      const id = nextId++;
      const started = Date.now();
      if (await write(id)) {
        acknowledged.push(id);
        successes.push({ started, ended: Date.now() });
      } else {
        failures.push(Date.now());
        await sleep(100);
      }
    }
  });
  return {
    acknowledged,
    resumedAfterMs(): number | undefined {
      if (failures.length === 0) return undefined;
      const last = Math.max(...failures);
      const back = successes.find((s) => s.started > last);
      return back && back.ended - Math.min(...failures);
    },
    async stop() {
      stop = true;
      await Promise.all(loops);
    },
  };
}

function nodePid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

async function waitFor(
  what: string,
  timeoutMs: number,
  check: () => Promise<boolean> | boolean,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await sleep(500);
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

/** Writers resume within 30 s, keep every acknowledged write, and the lost node comes back as standby. */
async function failover(fault: () => void, expected: { primary: string; standby: string }) {
  const writers = startWriters(4);
  await waitFor('first writes', 30_000, () => writers.acknowledged.length >= 20);
  const faultAt = Date.now();
  fault();
  await waitFor('writes after the fault', 60_000, () => writers.resumedAfterMs() !== undefined);
  await sleep(2_000);
  await writers.stop();
  const resumed = writers.resumedAfterMs()!;
  expect(resumed, 'writes resumed within 30 s').toBeLessThan(30_000);
  const status = await standbyStatus(stack);
  expect(status.REPLICATION.primary.node).toBe(expected.primary);
  const ids = (await query<{ id: string }>(status.DB_URL, `select id from public.ha_writes`)).map((r) =>
    Number(r.id),
  );
  const present = new Set(ids);
  expect(
    writers.acknowledged.filter((id) => !present.has(id)),
    'acknowledged writes missing on the new primary',
  ).toEqual([]);
  // The lost node rejoins as the standby within 120 s of the fault.
  await waitFor('the old primary back as the standby', 120_000 - (Date.now() - faultAt), async () => {
    const replication = (await standbyStatus(stack)).REPLICATION;
    return replication.standby.node === expected.standby && replication.state === 'streaming';
  });
  // Fencing: the old primary is now a read-only standby, never a second primary.
  await expect(
    query((await standbyStatus(stack)).STANDBY_DB_URL, `insert into public.ha_writes (id) values (-1)`),
  ).rejects.toMatchObject({ code: '25006' });
  return { resumed, acknowledged: writers.acknowledged.length };
}

describe('failover to the standby', () => {
  it('the primary SIGKILLed under four writers', async () => {
    const result = await failover(() => process.kill(nodePid(path.join(stack.state, 'pgdata'))!, 'SIGKILL'), {
      primary: 'b',
      standby: 'a',
    });
    process.stderr.write(
      `kill: writes resumed after ${result.resumed} ms, ${result.acknowledged} acknowledged\n`,
    );
  }, 240_000);

  it('the primary loses its disk (a tmpfs data folder removed)', async () => {
    const result = await failover(() => rmSync(TMPFS_DIR, { recursive: true, force: true }), {
      primary: 'a',
      standby: 'b',
    });
    process.stderr.write(`disk loss: writes resumed after ${result.resumed} ms\n`);
  }, 240_000);

  it('a partition between the nodes: no promotion, commits wait, nothing lost', async () => {
    expect((await standbyStatus(stack)).REPLICATION).toMatchObject({
      primary: { node: 'a' },
      state: 'streaming',
    });
    await proxy.cut();
    const id = nextId++;
    let settled = false;
    const pending = write(id, 60_000).finally(() => (settled = true));
    // Longer than failover_after: the primary is alive, so the standby must not be promoted.
    await sleep(8_000);
    const during = (await standbyStatus(stack)).REPLICATION;
    expect(during.primary.node).toBe('a');
    expect(during.state).toBeUndefined();
    const inRecovery = await query<{ r: boolean }>(
      (await standbyStatus(stack)).STANDBY_DB_URL,
      `select pg_is_in_recovery() as r`,
    );
    expect(inRecovery).toEqual([{ r: true }]);
    expect(settled, 'a synchronous commit is not acknowledged while the standby is cut off').toBe(false);
    await proxy.restore();
    expect(await pending).toBe(true);
    const rows = await query(
      (await standbyStatus(stack)).STANDBY_DB_URL,
      `select 1 from public.ha_writes where id = $1`,
      [id],
    );
    expect(rows).toHaveLength(1);
  }, 120_000);
});
