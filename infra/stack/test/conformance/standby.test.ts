/**
 * The streaming standby (src/ha) on another port of this machine: a committed write reaches it
 * within 2 s; it refuses writes; status and /metrics show the replication; and with
 * `synchronous = true` (remote_apply) a write the API acknowledged is already readable there.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asSuperuser,
  createStandbyStack,
  destroyStandbyStack,
  query,
  serviceHeaders,
  sleep,
  stackCli,
  standbyStatus,
  type StandbyStack,
  type StandbyStatus,
} from '../helpers/standby-stack.js';

let stack: StandbyStack;
// `stack status` once: each call is a process start and a health round (seconds on a busy machine).
let status: StandbyStatus;

beforeAll(async () => {
  stack = await createStandbyStack(
    'conformance',
    { api: 27706, db: 27707, standby: 27708 },
    'synchronous = false',
  );
  status = await standbyStatus(stack);
  await query(
    status.DB_URL,
    `create table public.standby_writes (id bigint primary key, at timestamptz not null default now());
     grant select, insert on public.standby_writes to service_role;
     notify pgrst, 'reload schema';`,
  );
}, 240_000);

afterAll(async () => {
  if (stack) await destroyStandbyStack(stack);
}, 60_000);

describe('a streaming standby', () => {
  it('shows both nodes and the replication in status and /metrics', async () => {
    expect(status.REPLICATION.primary).toMatchObject({ node: 'a', port: 27707, running: true });
    expect(status.REPLICATION.standby).toMatchObject({ node: 'b', port: 27708, running: true });
    expect(status.REPLICATION).toMatchObject({ state: 'streaming', syncState: 'async' });
    expect(new URL(status.STANDBY_DB_URL).port).toBe('27708');
    const metrics = await fetch(`${stack.apiUrl}/metrics`, { headers: serviceHeaders(stack) });
    const text = await metrics.text();
    expect(text).toMatch(/^cti_replication_lag_bytes \d+$/m);
    expect(text).toMatch(/^cti_replication_standby_streaming\{sync="async"\} 1$/m);
  });

  it('has a committed write within 2 s, and refuses writes itself', async () => {
    const { DB_URL, STANDBY_DB_URL } = status;
    await query(DB_URL, `insert into public.standby_writes (id) values (1)`);
    const started = Date.now();
    let seen = 0;
    while (Date.now() - started < 2_000 && seen === 0) {
      seen = (await query(STANDBY_DB_URL, `select 1 from public.standby_writes where id = 1`)).length;
      if (seen === 0) await sleep(20);
    }
    expect(seen, 'the row reached the standby').toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(
      query(STANDBY_DB_URL, `insert into public.standby_writes (id) values (2)`),
    ).rejects.toMatchObject({ code: '25006' });
  });

  it('synchronous: a write the API acknowledged is on the standby at once', async () => {
    writeFileSync(
      stack.configFile,
      readFileSync(stack.configFile, 'utf8').replace('synchronous = false', 'synchronous = true'),
    );
    await stackCli(stack.workdir, ['up', '-o', 'json']);
    // `up` may have restarted the standby for the new setting: its walreceiver reconnects within
    // seconds (wal_retrieve_retry_interval), and only then does pg_stat_replication list it.
    let replication: { sync_state: string }[] = [];
    for (const started = Date.now(); Date.now() - started < 30_000; await sleep(200)) {
      replication = await asSuperuser<{ sync_state: string }>(
        stack,
        27707,
        `select sync_state from pg_stat_replication where application_name = 'cti_standby'`,
      );
      if (replication[0]?.sync_state === 'sync') break;
    }
    expect(replication).toEqual([{ sync_state: 'sync' }]);
    for (let id = 100; id < 120; id++) {
      const response = await fetch(`${stack.apiUrl}/rest/v1/standby_writes`, {
        method: 'POST',
        headers: serviceHeaders(stack),
        body: JSON.stringify({ id }),
      });
      expect(response.status).toBe(201);
      const rows = await query(status.STANDBY_DB_URL, `select 1 from public.standby_writes where id = $1`, [
        id,
      ]);
      expect(rows, `row ${id} on the standby as soon as it was acknowledged`).toHaveLength(1);
    }
  }, 120_000);
});
