/**
 * What the stack commands do, in the order they do it. `up` is idempotent: it creates what is
 * missing, starts what is stopped and applies pending migrations; `reset` rebuilds the database.
 */
import { readdirSync, rmSync } from 'node:fs';
import type { ProjectConfig } from '../config/project-config.js';
import type { StackSecrets } from '../config/secrets.js';
import { statePaths, type StatePaths } from '../config/state.js';
import { BOOTSTRAP_SQL_DIR, bootstrapDatabase } from '../postgres/bootstrap.js';
import {
  clusterExists,
  initCluster,
  isClusterRunning,
  removeCluster,
  startCluster,
  stopCluster,
} from '../postgres/cluster.js';
import { backupBeforeMigrations } from '../backup/pending-migrations.js';
import type { RestoreStack } from '../backup/restore-backup.js';
import { applySeed, listMigrations, pushMigrations } from '../postgres/migrate.js';
import { loadOrCreateSecrets } from './create-secrets.js';
import { ensureDemoUsers, type DemoUser } from './demo-users.js';
import { gatewayPid, startGateway, stopGateway } from './gateway-process.js';
import { createProgress, type Progress } from './progress.js';
import { startSupervisor, stopSupervisor, supervisorPid } from './supervisor-process.js';
import { postgresIsExternal } from './supervisor.js';
import { dbNode, haStateFile, nodePaths, primaryView } from '../ha/nodes.js';
import { haActive } from '../ha/replication-status.js';
import { ensureStandby } from '../ha/rejoin.js';
import { ensureReplicationPassword } from '../ha/replication-secret.js';

/** Stops and deletes node b and forgets the roles (node a is the primary again). */
function removeStandby(config: ProjectConfig, paths: StatePaths): void {
  const b = nodePaths(paths, dbNode(config, paths, 'b'));
  if (clusterExists(b)) removeCluster(b);
  rmSync(b.pgData, { recursive: true, force: true });
  rmSync(haStateFile(paths), { force: true });
}

export interface StackHandle {
  config: ProjectConfig;
  paths: StatePaths;
  secrets: StackSecrets;
  demoUsers: DemoUser[];
}

async function buildDatabase(
  config: ProjectConfig,
  paths: StatePaths,
  secrets: StackSecrets,
  progress: Progress,
) {
  progress.step('initdb');
  initCluster(config, paths, (line) => process.stderr.write(`${line}\n`));
  progress.step('start postgres');
  startCluster(paths);
  await bootstrapDatabase(config, paths, secrets, (file) => progress.step(file));
  progress.step(`migrations (${listMigrations(config).length}) with supabase db push`);
  await pushMigrations(config, paths, secrets);
  progress.step('seed.sql');
  await applySeed(config, secrets);
}

// initdb, start, one per bootstrap file, migrations, seed; callers add their own steps.
const BUILD_STEPS = 2 + readdirSync(BOOTSTRAP_SQL_DIR).filter((f) => f.endsWith('.sql')).length + 2;

export interface UpOptions {
  /** Start the detached supervisor at the end (false: the caller supervises, as `stack run` does). */
  supervise?: boolean;
  /** `up --standby`: set up the streaming standby even when config.toml does not enable it. */
  standby?: boolean;
}

/** The streaming standby (src/ha), when config.toml or `--standby` asks for one or one exists. */
async function standbyStep(config: ProjectConfig, paths: StatePaths, secrets: StackSecrets, wanted: boolean) {
  if (!wanted && !config.standby.enabled && !haActive(paths)) return;
  const password = ensureReplicationPassword(paths.secrets, secrets);
  await ensureStandby(config, paths, password, (line) => process.stderr.write(`${line}\n`));
}

export async function up(baseConfig: ProjectConfig, options: UpOptions = {}): Promise<StackHandle> {
  // After a failover the primary is the standby's node: start and migrate that one.
  const { config, paths } = primaryView(baseConfig, statePaths(baseConfig));
  const supervise = options.supervise ?? true;
  const secrets = await loadOrCreateSecrets(paths.secrets);
  if (!clusterExists(paths) && !haActive(paths)) {
    const progress = createProgress(BUILD_STEPS + 2);
    await buildDatabase(config, paths, secrets, progress);
    await standbyStep(baseConfig, paths, secrets, options.standby === true);
    progress.step('gateway');
    await startGateway(config, paths);
    progress.step('demo accounts');
    const demoUsers = await ensureDemoUsers(config, paths, secrets);
    if (supervise) startSupervisor(config, paths);
    progress.done('stack created');
    return { config, paths, secrets, demoUsers };
  }
  // A running supervisor would race us starting the same parts; it is started again at the end.
  await stopSupervisor(paths);
  const progress = createProgress(4);
  progress.step('postgres');
  if (!isClusterRunning(paths)) startCluster(paths);
  await standbyStep(baseConfig, paths, secrets, options.standby === true);
  progress.step('pending migrations');
  await backupBeforeMigrations(config, paths, (line) => process.stderr.write(`${line}\n`));
  await pushMigrations(config, paths, secrets);
  progress.step('gateway');
  await startGateway(config, paths);
  progress.step('demo accounts');
  const demoUsers = await ensureDemoUsers(config, paths, secrets);
  if (supervise) startSupervisor(config, paths);
  progress.done('stack up');
  return { config, paths, secrets, demoUsers };
}

export async function reset(config: ProjectConfig): Promise<StackHandle> {
  const paths = statePaths(config);
  const secrets = await loadOrCreateSecrets(paths.secrets);
  const progress = createProgress(BUILD_STEPS + 4);
  progress.step('stop gateway');
  await stopSupervisor(paths);
  await stopGateway(paths);
  progress.step('drop database');
  removeCluster(paths);
  // A rebuilt database starts with one node again (`up --standby` sets the standby up anew).
  removeStandby(config, paths);
  // Object bytes belong to the rows just dropped.
  rmSync(paths.storage, { recursive: true, force: true });
  await buildDatabase(config, paths, secrets, progress);
  progress.step('gateway');
  await startGateway(config, paths);
  progress.step('demo accounts');
  const demoUsers = await ensureDemoUsers(config, paths, secrets);
  startSupervisor(config, paths);
  progress.done('database reset');
  return { config, paths, secrets, demoUsers };
}

export async function down(config: ProjectConfig, options: { purge?: boolean } = {}): Promise<void> {
  const paths = statePaths(config);
  // The supervisor first, or it would restart what is being stopped.
  await stopSupervisor(paths);
  await stopGateway(paths);
  // A Postgres run by systemd (STACK_POSTGRES=external) is stopped by its own unit.
  if (!postgresIsExternal() || options.purge) stopCluster(paths);
  if (haActive(paths)) stopCluster(nodePaths(paths, dbNode(config, paths, 'b')));
  if (options.purge) removeStandby(config, paths);
  if (options.purge) rmSync(paths.root, { recursive: true, force: true });
}

export interface StackStatus {
  postgres: boolean;
  gateway: boolean;
  supervisor: boolean;
}

export function status(baseConfig: ProjectConfig): StackStatus {
  const { paths } = primaryView(baseConfig, statePaths(baseConfig));
  return {
    postgres: isClusterRunning(paths),
    gateway: gatewayPid(paths) !== undefined,
    supervisor: supervisorPid(paths) !== undefined,
  };
}

/** What `stack restore` needs of the stack (backup/ sits below stack/, so the CLI hands this in). */
export const restoreStack: RestoreStack<StackHandle> = {
  async stopProcesses(paths) {
    await stopSupervisor(paths);
    await stopGateway(paths);
  },
  up,
};
