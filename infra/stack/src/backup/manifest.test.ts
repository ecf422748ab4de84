import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, describeFiles, MANIFEST, verifyBackup } from './manifest.js';

let dir: string;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'manifest-test-'));
  mkdirSync(path.join(dir, 'db'));
  writeFileSync(path.join(dir, 'db', 'base.tar.gz'), 'database bytes');
  writeFileSync(path.join(dir, 'secrets.json'), '{}');
  const manifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    projectId: 'p',
    createdAt: '2026-11-25T00:00:00Z',
    stackVersion: '0.1.0',
    postgres: { major: 15, version: '15.18' },
    migrations: [],
    files: await describeFiles(dir),
  };
  writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('backup manifest', () => {
  it('lists every file with its sha256 and accepts an intact folder', async () => {
    const manifest = await verifyBackup(dir);
    expect(manifest.files.map((f) => f.path)).toEqual(['db/base.tar.gz', 'secrets.json']);
    expect(manifest.files[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a changed, a missing or an added file', async () => {
    writeFileSync(path.join(dir, 'db', 'base.tar.gz'), 'database bytez');
    await expect(verifyBackup(dir)).rejects.toThrow('db/base.tar.gz does not match its checksum');
    rmSync(path.join(dir, 'db', 'base.tar.gz'));
    await expect(verifyBackup(dir)).rejects.toThrow('db/base.tar.gz is missing');
  });

  it('refuses a file that is not part of the backup', async () => {
    writeFileSync(path.join(dir, 'extra.sql'), 'drop table x');
    await expect(verifyBackup(dir)).rejects.toThrow('extra.sql is not part of the backup');
  });

  it('refuses a folder without a manifest', async () => {
    rmSync(path.join(dir, MANIFEST));
    await expect(verifyBackup(dir)).rejects.toThrow('is not a stack backup');
  });
});
