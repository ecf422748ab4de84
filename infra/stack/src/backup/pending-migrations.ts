/**
 * What `up` does before it applies a new release's migrations to an existing database: it says
 * which migrations are pending and takes a backup first (restore it with `stack restore --from`
 * if the upgrade goes wrong). Automatic backups are kept three at a time; `STACK_BACKUP_BEFORE_MIGRATE=off`
 * skips them (development, where a reset is cheaper).
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';
import { withAdminClient } from '../postgres/admin-client.js';
import { listMigrations } from '../postgres/migrate.js';
import { createBackup } from './create-backup.js';

const KEEP_AUTOMATIC = 3;
const AUTOMATIC_MARK = '-before-migrations-';

export async function pendingMigrations(config: ProjectConfig, paths: StatePaths): Promise<string[]> {
  const applied = await withAdminClient(config, paths, async (client) => {
    const table = await client.query(`select to_regclass('supabase_migrations.schema_migrations') as t`);
    if (table.rows[0]?.t === null) return new Set<string>();
    const { rows } = await client.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations',
    );
    return new Set(rows.map((r) => r.version));
  });
  return listMigrations(config).filter((file) => !applied.has(file.split('_')[0]!));
}

function pruneAutomaticBackups(folder: string, projectId: string): void {
  if (!existsSync(folder)) return;
  const automatic = readdirSync(folder)
    .filter((name) => name.startsWith(`${projectId}${AUTOMATIC_MARK}`))
    .sort();
  for (const name of automatic.slice(0, -KEEP_AUTOMATIC)) {
    rmSync(path.join(folder, name), { recursive: true, force: true });
  }
}

/** Announces the pending migrations and backs the database up before they run; returns the backup folder. */
export async function backupBeforeMigrations(
  config: ProjectConfig,
  paths: StatePaths,
  log: (line: string) => void,
): Promise<string | undefined> {
  const pending = await pendingMigrations(config, paths);
  if (pending.length === 0) return undefined;
  log(`${pending.length} pending migration${pending.length === 1 ? '' : 's'} to apply:`);
  for (const file of pending) log(`  ${file}`);
  if (process.env.STACK_BACKUP_BEFORE_MIGRATE === 'off') return undefined;
  const folder = path.join(config.projectDir, '.temp', 'backups');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = await createBackup(config, {
    to: path.join(folder, `${config.projectId}${AUTOMATIC_MARK}${stamp}`),
  });
  log(`backup of the database before them: ${dir} (stack restore --from <it> goes back)`);
  pruneAutomaticBackups(folder, config.projectId);
  return dir;
}
