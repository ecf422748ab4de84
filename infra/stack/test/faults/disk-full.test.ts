/**
 * Disk almost full, on a private stack: a table (heap and index) whose tablespace lives on a 16 MB
 * tmpfs is written through the API in batches until the filesystem is full. The batch that does not
 * fit is refused with a clear 503 (Postgres's 53100 "could not extend file …: No space left on
 * device", hint "Check free disk space."), and nothing is half-written: the table holds exactly the
 * acknowledged batches, amcheck finds the heap and the index intact, the API keeps reading and writing
 * elsewhere meanwhile, and once space is freed writes succeed again without a restart.
 *
 * A small filesystem is the only honest way to fill a disk in a test, and mounting one needs root
 * (CAP_SYS_ADMIN); the test says so and fails rather than pretend.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverUser } from '../../src/postgres/run-as.js';
import { createFaultStack, destroyFaultStack, type FaultStack } from './fault-stack.js';
import { asSuperuser } from './snapshot.js';

const SMALL_DISK = path.join(tmpdir(), 'cti-fault-diskfull-space');
const BATCH_ROWS = 200;

let stack: FaultStack | undefined;
let mounted = false;

function mountSmallDisk(sizeMb: number, remount = false): void {
  try {
    execFileSync(
      'mount',
      remount
        ? ['-o', `remount,size=${sizeMb}m`, SMALL_DISK]
        : ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', SMALL_DISK],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (error) {
    throw new Error(
      `the disk-full test mounts a ${sizeMb} MB tmpfs as its full disk, which needs root (CAP_SYS_ADMIN): ${String(error)}`,
      { cause: error },
    );
  }
}

function serviceHeaders(): Record<string, string> {
  return {
    apikey: stack!.serviceRoleKey,
    Authorization: `Bearer ${stack!.serviceRoleKey}`,
    'Content-Type': 'application/json',
    Prefer: 'return=minimal',
  };
}

/** Random base64 does not compress, so every row really takes its ~2 KB on disk. */
function batch(firstId: number): Array<{ id: number; payload: string }> {
  return Array.from({ length: BATCH_ROWS }, (_, i) => ({
    id: firstId + i,
    payload: randomBytes(1_400).toString('base64'),
  }));
}

beforeAll(async () => {
  mkdirSync(SMALL_DISK, { recursive: true });
  mountSmallDisk(16);
  mounted = true;
  const owner = serverUser();
  chownSync(SMALL_DISK, owner.uid, owner.gid);
  stack = createFaultStack('diskfull', 25599, 25600);
  // Separate statements: CREATE TABLESPACE refuses to run in a multi-statement (implicit) transaction.
  await asSuperuser(stack, `create tablespace fault_small location '${SMALL_DISK}'`);
  await asSuperuser(stack, 'create extension if not exists amcheck');
  await asSuperuser(
    stack,
    `create table public.fault_disk (id bigint primary key using index tablespace fault_small, payload text not null)
       tablespace fault_small;
     create table public.fault_elsewhere (id bigint primary key);
     grant select, insert on public.fault_disk, public.fault_elsewhere to service_role;
     notify pgrst, 'reload schema'`,
  );
}, 120_000);

afterAll(() => {
  if (stack) destroyFaultStack(stack);
  if (mounted) execFileSync('umount', [SMALL_DISK]);
  rmSync(SMALL_DISK, { recursive: true, force: true });
});

describe('disk almost full', () => {
  it('refuses the write that does not fit with a clear 503, loses nothing, and recovers when space is freed', async () => {
    const table = `${stack!.apiUrl}/rest/v1/fault_disk`;
    await expect
      .poll(async () => (await fetch(`${table}?limit=1`, { headers: serviceHeaders() })).status, {
        timeout: 10_000,
      })
      .toBe(200);

    let acknowledged = 0;
    let refusal: { status: number; body: Record<string, unknown> } | undefined;
    // 16 MB at ~400 KB a batch: full after about 40 batches; 200 is a bound, not an expectation.
    for (let attempt = 0; attempt < 200 && !refusal; attempt++) {
      const response = await fetch(table, {
        method: 'POST',
        headers: serviceHeaders(),
        body: JSON.stringify(batch(acknowledged + 1)),
      });
      if (response.status === 201) acknowledged += BATCH_ROWS;
      else refusal = { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }
    console.info(`disk full after ${acknowledged} rows; refusal ${JSON.stringify(refusal)}`);

    expect(acknowledged).toBeGreaterThan(0);
    expect(refusal?.status).toBe(503);
    expect(refusal?.body).toMatchObject({ code: '53100', hint: 'Check free disk space.' });
    expect(String(refusal?.body.message)).toMatch(/No space left on device/);

    // The rest of the installation is unaffected: reads, and writes to tables on other disks.
    const read = await fetch(`${table}?select=id&order=id.desc&limit=1`, { headers: serviceHeaders() });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual([{ id: acknowledged }]);
    const elsewhere = await fetch(`${stack!.apiUrl}/rest/v1/fault_elsewhere`, {
      method: 'POST',
      headers: serviceHeaders(),
      body: JSON.stringify({ id: 1 }),
    });
    expect(elsewhere.status).toBe(201);

    // Nothing half-written: exactly the acknowledged batches, and amcheck finds heap and index sound.
    const [counts] = await asSuperuser<{ rows: string; max: string }>(
      stack!,
      'select count(*) as rows, max(id) as max from public.fault_disk',
    );
    expect(Number(counts!.rows)).toBe(acknowledged);
    expect(Number(counts!.max)).toBe(acknowledged);
    const heapProblems = await asSuperuser(stack!, `select * from verify_heapam('public.fault_disk')`);
    expect(heapProblems).toEqual([]);
    await asSuperuser(stack!, `select bt_index_check('public.fault_disk_pkey', true)`);

    // Space freed (the operator grows the disk): the next write goes through, no restart needed.
    mountSmallDisk(64, true);
    const after = await fetch(table, {
      method: 'POST',
      headers: serviceHeaders(),
      body: JSON.stringify(batch(acknowledged + 1)),
    });
    expect(after.status).toBe(201);
  }, 120_000);
});
