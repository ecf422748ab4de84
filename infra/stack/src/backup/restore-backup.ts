/**
 * `stack restore --from DIR`: puts a backup back, on this machine or another. It refuses a damaged
 * folder (a file missing, added or changed), another project's backup, another Postgres major, or
 * one made by a newer release (migrations this checkout does not have). Then it stops the stack,
 * sets the current database and objects aside, unpacks the backup, rewrites the server settings
 * for this machine (ports, socket folder), and starts the stack, which applies this release's
 * pending migrations. The set-aside copies are deleted once the stack is up again.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { ProjectConfig } from '../config/project-config.js';
import { statePaths, type StatePaths } from '../config/state.js';
import { requireBinaries, serverSettings, STACK_SETTINGS_MARKER, stopCluster } from '../postgres/cluster.js';
import { listMigrations } from '../postgres/migrate.js';
import { ensureTraversable, isRoot, makeServerDir, serverUser } from '../postgres/run-as.js';
import { runClientTool } from './create-backup.js';
import { BackupRefused, verifyBackup, type BackupManifest } from './manifest.js';

/**
 * The running stack, as a restore needs it. backup/ sits below stack/ (`stack up` takes a backup
 * before it migrates), so stack/ passes these in (stack/lifecycle.ts `restoreStack`).
 */
export interface RestoreStack<Handle> {
  /** Stops the supervisor and the gateway; the restore stops the database itself. */
  stopProcesses(paths: StatePaths): Promise<void>;
  /** Starts the stack on the restored files and applies this release's pending migrations. */
  up(config: ProjectConfig): Promise<Handle>;
}

function checkCompatible(config: ProjectConfig, manifest: BackupManifest): void {
  if (manifest.projectId !== config.projectId) {
    throw new BackupRefused(
      `the backup belongs to project "${manifest.projectId}", this installation is "${config.projectId}" (project_id in supabase/config.toml)`,
    );
  }
  const major = requireBinaries().major;
  if (major !== 0 && manifest.postgres.major !== major) {
    throw new BackupRefused(
      `the backup was taken from PostgreSQL ${manifest.postgres.major}, this machine runs ${major}: restore its database.dump with pg_restore instead`,
    );
  }
  const known = new Set(listMigrations(config).map((file) => file.split('_')[0]));
  const unknown = manifest.migrations.filter((version) => !known.has(version));
  if (unknown.length > 0) {
    throw new BackupRefused(
      `the backup was made by a newer release (migrations ${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', …' : ''} are not in this checkout): upgrade first`,
    );
  }
}

/** Our block of postgresql.conf as this machine needs it (the backup carries the old ports and paths). */
function rewriteServerSettings(config: ProjectConfig, paths: StatePaths): void {
  const file = path.join(paths.pgData, 'postgresql.conf');
  const text = readFileSync(file, 'utf8');
  const marker = text.indexOf(STACK_SETTINGS_MARKER);
  const base = marker === -1 ? text : text.slice(0, marker).replace(/\n+$/, '\n');
  writeFileSync(file, base + serverSettings(config, paths).replace(/^\n/, ''));
}

function unpackDatabase(dir: string, paths: StatePaths): void {
  makeServerDir(paths.pgData);
  runClientTool('tar', ['-xzf', path.join(dir, 'db', 'base.tar.gz'), '-C', paths.pgData]);
  const wal = path.join(dir, 'db', 'pg_wal.tar.gz');
  if (existsSync(wal)) runClientTool('tar', ['-xzf', wal, '-C', path.join(paths.pgData, 'pg_wal')]);
  rmSync(path.join(paths.pgData, 'postmaster.pid'), { force: true });
  if (isRoot()) {
    const { uid, gid } = serverUser();
    const chown = spawnSync('chown', ['-R', `${uid}:${gid}`, paths.pgData]);
    if (chown.status !== 0) throw new Error(`chown of ${paths.pgData} failed`);
  }
  chmodSync(paths.pgData, 0o700);
}

export async function restoreBackup<Handle>(
  config: ProjectConfig,
  from: string,
  stack: RestoreStack<Handle>,
): Promise<Handle> {
  const dir = path.resolve(from);
  const manifest = await verifyBackup(dir);
  checkCompatible(config, manifest);
  const paths = statePaths(config);
  await stack.stopProcesses(paths);
  stopCluster(paths);
  mkdirSync(paths.root, { recursive: true });
  ensureTraversable(paths.root, (line) => process.stderr.write(`${line}\n`));
  const aside = (target: string) => {
    const to = `${target}.before-restore`;
    rmSync(to, { recursive: true, force: true });
    if (existsSync(target)) renameSync(target, to);
    return to;
  };
  const oldData = aside(paths.pgData);
  const oldStorage = aside(paths.storage);
  unpackDatabase(dir, paths);
  rewriteServerSettings(config, paths);
  if (existsSync(path.join(dir, 'storage.tar.gz'))) {
    runClientTool('tar', ['-xzf', path.join(dir, 'storage.tar.gz'), '-C', paths.root]);
  }
  copyFileSync(path.join(dir, 'secrets.json'), paths.secrets);
  chmodSync(paths.secrets, 0o600);
  const handle = await stack.up(config);
  rmSync(oldData, { recursive: true, force: true });
  rmSync(oldStorage, { recursive: true, force: true });
  return handle;
}
