/**
 * Backup and restore on a private stack: data in tables, an auth user and a stored object; back up;
 * wipe the installation (`down --purge`: database, objects and secrets gone); restore; every
 * table's row count and checksum and every object's bytes are as before, and the old keys work.
 * A damaged backup and another project's backup are refused with a clear message.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultStack, destroyFaultStack, stackCli, type FaultStack } from './fault-stack.js';
import { asSuperuser, snapshot } from './snapshot.js';

let stack: FaultStack;
const backupDir = path.join(tmpdir(), 'cti-fault-backup-copy');

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}`, ...extra };
}

/** The CLI's exit status and stderr, without throwing. */
function tryCli(args: string[]): { ok: boolean; stderr: string } {
  try {
    stackCli(stack.workdir, args);
    return { ok: true, stderr: '' };
  } catch (error) {
    return { ok: false, stderr: String((error as { stderr?: string }).stderr ?? error) };
  }
}

beforeAll(async () => {
  stack = createFaultStack('backup', 25594, 25595);
  rmSync(backupDir, { recursive: true, force: true });
  await asSuperuser(
    stack,
    `insert into public.countries (id, name) select g, 'backup-' || g from generate_series(1000, 1999) g`,
  );
  const user = await fetch(`${stack.apiUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: headers({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ email: 'restore@example.test', password: 'restore-me-123', email_confirm: true }),
  });
  expect(user.status).toBe(200);
  const bucket = await fetch(`${stack.apiUrl}/storage/v1/bucket`, {
    method: 'POST',
    headers: headers({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ id: 'backup-bucket', name: 'backup-bucket', public: false }),
  });
  expect(bucket.status).toBe(200);
  const upload = await fetch(`${stack.apiUrl}/storage/v1/object/backup-bucket/reports/one.txt`, {
    method: 'POST',
    headers: headers({ 'Content-Type': 'text/plain' }),
    body: 'stored before the backup',
  });
  expect(upload.status).toBe(200);
}, 240_000);

afterAll(() => {
  if (stack) destroyFaultStack(stack);
  rmSync(backupDir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('brings a wiped installation back exactly', async () => {
    const before = await snapshot(stack);
    expect(before.tables['public.countries']!.rows).toBeGreaterThanOrEqual(1000);
    expect(Object.keys(before.objects).length).toBeGreaterThan(0);
    stackCli(stack.workdir, ['backup', '--to', backupDir]);

    stackCli(stack.workdir, ['down', '--purge']);
    stackCli(stack.workdir, ['restore', '--from', backupDir]);

    const after = await snapshot(stack);
    expect(after.tables).toEqual(before.tables);
    expect(after.objects).toEqual(before.objects);
    // The restored secrets: keys issued before the backup still work.
    const object = await fetch(`${stack.apiUrl}/storage/v1/object/backup-bucket/reports/one.txt`, {
      headers: headers(),
    });
    expect(await object.text()).toBe('stored before the backup');
  }, 240_000);

  it('refuses a damaged backup', () => {
    const damaged = `${backupDir}-damaged`;
    cpSync(backupDir, damaged, { recursive: true });
    const file = path.join(damaged, 'db', 'base.tar.gz');
    const bytes = readFileSync(file);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(file, bytes);
    const result = tryCli(['restore', '--from', damaged]);
    rmSync(damaged, { recursive: true, force: true });
    expect(result.ok).toBe(false);
    expect(result.stderr).toContain('restore refused: db/base.tar.gz does not match its checksum');
  });

  it("refuses another project's backup", () => {
    const foreign = `${backupDir}-foreign`;
    cpSync(backupDir, foreign, { recursive: true });
    const manifestFile = path.join(foreign, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { projectId: string };
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, projectId: 'someone-else' }));
    const result = tryCli(['restore', '--from', foreign]);
    rmSync(foreign, { recursive: true, force: true });
    expect(result.ok).toBe(false);
    expect(result.stderr).toContain('the backup belongs to project "someone-else"');
  });
});
