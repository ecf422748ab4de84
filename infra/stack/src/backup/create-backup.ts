/**
 * `stack backup [--to DIR]`: a consistent copy of one installation, taken while it runs.
 *   db/          pg_basebackup of the whole cluster (tar, gzip, WAL streamed): every schema, role,
 *                grant and sequence exactly as it was; what `restore` puts back
 *   database.dump pg_dump -Fc of the database, a portable copy for another Postgres major (by hand)
 *   storage.tar.gz stored objects (the bytes of storage.objects rows), taken after the database so
 *                every row's object is there
 *   secrets.json the JWT secret, API keys and role passwords (the restored data is signed with them)
 *   manifest.json sizes and sha256 of all of the above, project id, versions, applied migrations
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProjectConfig } from '../config/project-config.js';
import { statePaths, type StatePaths } from '../config/state.js';
import { withAdminClient } from '../postgres/admin-client.js';
import { BOOTSTRAP_SUPERUSER, isClusterRunning, requireBinaries } from '../postgres/cluster.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  describeFiles,
  MANIFEST,
  type BackupManifest,
} from './manifest.js';

const PACKAGE_JSON = fileURLToPath(new URL('../../package.json', import.meta.url));

export function stackVersion(): string {
  return (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string }).version;
}

/** Runs a client tool as ourselves (root may use the server's 0700 socket folder); throws its stderr. */
export function runClientTool(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} failed (exit ${result.status}): ${result.stderr.trim()}`);
  }
}

function defaultBackupDir(config: ProjectConfig): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // Beside the state folder, not in it: `down --purge` must not delete the backups.
  return path.join(config.projectDir, '.temp', 'backups', `${config.projectId}-${stamp}`);
}

async function databaseFacts(
  config: ProjectConfig,
  paths: StatePaths,
): Promise<{ version: string; migrations: string[] }> {
  return withAdminClient(config, paths, async (client) => {
    const version = (await client.query<{ v: string }>(`select current_setting('server_version') as v`))
      .rows[0]!.v;
    const table = await client.query(`select to_regclass('supabase_migrations.schema_migrations') as t`);
    const migrations =
      table.rows[0]?.t === null
        ? []
        : (
            await client.query<{ version: string }>(
              'select version from supabase_migrations.schema_migrations order by version',
            )
          ).rows.map((r) => r.version);
    return { version, migrations };
  });
}

export async function createBackup(config: ProjectConfig, options: { to?: string } = {}): Promise<string> {
  const paths = statePaths(config);
  if (!isClusterRunning(paths)) {
    throw new Error('the database is not running: start the stack (`stack up`) to back it up');
  }
  const dir = path.resolve(options.to ?? defaultBackupDir(config));
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const bins = requireBinaries();
  const connection = ['-h', paths.socketDir, '-p', String(config.db.port), '-U', BOOTSTRAP_SUPERUSER];
  const facts = await databaseFacts(config, paths);
  runClientTool(path.join(bins.dir, 'pg_basebackup'), [
    ...connection,
    '-D',
    path.join(dir, 'db'),
    '--format=tar',
    '--gzip',
    '--wal-method=stream',
    '--checkpoint=fast',
    '--no-password',
  ]);
  runClientTool(path.join(bins.dir, 'pg_dump'), [
    ...connection,
    '-d',
    'postgres',
    '--format=custom',
    '--no-password',
    '-f',
    path.join(dir, 'database.dump'),
  ]);
  if (existsSync(paths.storage)) {
    runClientTool('tar', ['-czf', path.join(dir, 'storage.tar.gz'), '-C', paths.root, 'storage']);
  }
  copyFileSync(paths.secrets, path.join(dir, 'secrets.json'));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    projectId: config.projectId,
    createdAt: new Date().toISOString(),
    stackVersion: stackVersion(),
    postgres: { major: bins.major || Number(facts.version.split('.')[0]), version: facts.version },
    migrations: facts.migrations,
    files: await describeFiles(dir),
  };
  writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  return dir;
}
