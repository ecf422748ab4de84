/**
 * The stack's own PostgreSQL cluster: initdb into the state folder, configured for logical
 * replication, listening on 127.0.0.1 and a private unix socket, started and stopped with pg_ctl.
 */
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';
import { findPostgresBinaries, POSTGRES_APT_PACKAGES, type PostgresBinaries } from './binaries.js';
import { ensureTraversable, makeServerDir, runTool, serverUser } from './run-as.js';

export const BOOTSTRAP_SUPERUSER = 'supabase_admin';

export function requireBinaries(): PostgresBinaries {
  const bins = findPostgresBinaries();
  if (!bins) {
    throw new Error(
      `PostgreSQL 15 or newer is not installed. Install it with:\n  sudo apt-get install -y ${POSTGRES_APT_PACKAGES.join(' ')}`,
    );
  }
  return bins;
}

/** First line of our block in postgresql.conf; `restore` rewrites the block for this machine. */
export const STACK_SETTINGS_MARKER = '# --- set by the cti stack ---';

export function serverSettings(config: ProjectConfig, paths: StatePaths): string {
  return [
    '',
    STACK_SETTINGS_MARKER,
    `listen_addresses = '127.0.0.1'`,
    `port = ${config.db.port}`,
    `unix_socket_directories = '${paths.socketDir}'`,
    `unix_socket_permissions = 0700`,
    `wal_level = logical`,
    `max_replication_slots = 10`,
    `max_wal_senders = 10`,
    `max_connections = 200`,
    // Sized for the knowledge base: a million indicators with their provenance and links is about
    // 1.3 GB, and Debian's 128 MB made the importer's backend write evicted pages itself (1M
    // indicators: 88 s with 128 MB, 80 s with 1 GB). Shared memory is touched only as it is used,
    // so small test stacks do not pay for it. Fewer checkpoints during a bulk import means fewer
    // full-page images in the WAL (3.1 GB of WAL for 1M indicators with 1 GB, 2.3 GB with 8 GB).
    `shared_buffers = '1GB'`,
    `max_wal_size = '4GB'`,
    `checkpoint_timeout = '15min'`,
    // Realtime's logical slot holds all WAL back to the start of the oldest open transaction, and
    // an import is one transaction: 10M indicators held 53 GB of WAL and filled the disk (PANIC).
    // Past this size the slot is given up instead; realtime reconnects with a new one once the
    // import commits (changes in between are not pushed to browsers; the data is all there).
    `max_slot_wal_keep_size = '8GB'`,
    // After a crash, Postgres syncs the data folder before replaying WAL: one syncfs() instead of
    // an fsync() per file brings a killed server back seconds sooner (the supervisor restarts it).
    `recovery_init_sync_method = syncfs`,
    `shared_preload_libraries = 'pg_stat_statements'`,
    `standard_conforming_strings = on`,
    `password_encryption = 'scram-sha-256'`,
    `timezone = 'UTC'`,
    `log_timezone = 'UTC'`,
    // The gateway inlines request values as literals: statement text must never reach the log
    // (it can hold TOTP secrets, codes and passwords). Slow queries are visible in pg_stat_statements.
    `log_min_duration_statement = -1`,
    `log_min_error_statement = panic`,
    `log_statement = 'none'`,
    `log_line_prefix = '%m [%p] %q%u@%d '`,
    '',
  ].join('\n');
}

export function clusterExists(paths: StatePaths): boolean {
  return existsSync(path.join(paths.pgData, 'PG_VERSION'));
}

export function initCluster(config: ProjectConfig, paths: StatePaths, log: (line: string) => void): void {
  const bins = requireBinaries();
  ensureTraversable(paths.root, log);
  makeServerDir(paths.pgData);
  makeServerDir(paths.socketDir);
  runTool(bins.initdb, [
    '-D',
    paths.pgData,
    '-U',
    BOOTSTRAP_SUPERUSER,
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '--no-sync',
  ]);
  appendFileSync(path.join(paths.pgData, 'postgresql.conf'), serverSettings(config, paths));
}

export function isClusterRunning(paths: StatePaths): boolean {
  if (!clusterExists(paths)) return false;
  const bins = requireBinaries();
  return runTool(bins.pgCtl, ['status', '-D', paths.pgData], { allowFailure: true }).status === 0;
}

export function startCluster(paths: StatePaths): void {
  const bins = requireBinaries();
  makeServerDir(paths.socketDir);
  mkdirSync(paths.logs, { recursive: true });
  if (!existsSync(paths.postgresLog)) writeFileSync(paths.postgresLog, '');
  const { uid, gid } = serverUser();
  chownSync(paths.postgresLog, uid, gid);
  // Our ports sit in Linux's ephemeral range (as Supabase's defaults do), so an outgoing connection
  // can hold one for a moment; a failed bind is retried rather than reported at once.
  for (let attempt = 1; ; attempt++) {
    const result = runTool(
      bins.pgCtl,
      ['start', '-D', paths.pgData, '-l', paths.postgresLog, '-w', '-t', '60'],
      { allowFailure: true },
    );
    if (result.status === 0) return;
    const bindFailed = /could not bind|could not create any TCP\/IP sockets/.test(
      readFileSync(paths.postgresLog, 'utf8').slice(-2000),
    );
    // A TIME_WAIT socket holds its port for up to 60 s.
    if (!bindFailed || attempt === 65) {
      throw new Error(
        `pg_ctl could not start the server (exit ${result.status}); see ${paths.postgresLog}${bindFailed ? ': the port is in use' : ''}`,
      );
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
  }
}

export function stopCluster(paths: StatePaths): void {
  if (!isClusterRunning(paths)) return;
  const bins = requireBinaries();
  runTool(bins.pgCtl, ['stop', '-D', paths.pgData, '-m', 'fast', '-w', '-t', '60']);
}

export function removeCluster(paths: StatePaths): void {
  stopCluster(paths);
  rmSync(paths.pgData, { recursive: true, force: true });
}
