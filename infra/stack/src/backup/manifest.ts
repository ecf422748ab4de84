/**
 * A backup folder's manifest: what it holds (every file with its size and sha256), whose it is
 * (project id) and what made it (stack version, Postgres major, applied migrations). `restore`
 * refuses a folder whose files do not match it, or that belongs to another project or Postgres.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const MANIFEST = 'manifest.json';
export const BACKUP_FORMAT = 'cti-stack-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  projectId: string;
  createdAt: string;
  stackVersion: string;
  postgres: { major: number; version: string };
  /** Versions in supabase_migrations.schema_migrations when the backup was taken. */
  migrations: string[];
  files: BackupFile[];
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file below `dir` (relative, `/`-separated), the manifest itself excepted. */
export function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(dir, rel));
    else if (entry.isFile() && rel !== MANIFEST) out.push(rel);
  }
  return out.sort();
}

export async function describeFiles(dir: string): Promise<BackupFile[]> {
  const files: BackupFile[] = [];
  for (const rel of listFiles(dir)) {
    const full = path.join(dir, rel);
    files.push({ path: rel, bytes: statSync(full).size, sha256: await sha256File(full) });
  }
  return files;
}

export class BackupRefused extends Error {
  constructor(message: string) {
    super(`restore refused: ${message}`);
    this.name = 'BackupRefused';
  }
}

/** Reads the manifest and checks every file against it (missing, extra, changed). */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) throw new BackupRefused(`${dir} is not a stack backup (no ${MANIFEST})`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupRefused(`${MANIFEST} in ${dir} is not valid JSON (the backup is damaged)`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupRefused(
      `${dir} is not a backup this version can read (format ${manifest.format} v${manifest.formatVersion})`,
    );
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const extra of listFiles(dir).filter((f) => !listed.has(f))) {
    throw new BackupRefused(
      `${extra} is not part of the backup (the folder was changed after it was written)`,
    );
  }
  for (const entry of manifest.files) {
    const full = path.join(dir, entry.path);
    if (!existsSync(full)) throw new BackupRefused(`${entry.path} is missing (the backup is damaged)`);
    if ((await sha256File(full)) !== entry.sha256) {
      throw new BackupRefused(`${entry.path} does not match its checksum (the backup is damaged)`);
    }
  }
  return manifest;
}
