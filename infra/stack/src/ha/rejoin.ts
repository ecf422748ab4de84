/**
 * Sets up the standby, brings a node back as the standby after a failover, and promotes.
 *
 * Rejoin: an old primary has WAL the new one never saw (its timeline diverged), so it is rewound
 * with pg_rewind (https://www.postgresql.org/docs/15/app-pgrewind.html; needs wal_log_hints, set by
 * preparePrimary) to the new primary's history, then started with standby.signal. A node whose
 * folder is gone (lost disk), or that cannot be rewound, is cloned afresh with pg_basebackup.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';
import {
  BOOTSTRAP_SUPERUSER,
  isClusterRunning,
  requireBinaries,
  startCluster,
  stopCluster,
} from '../postgres/cluster.js';
import { runTool } from '../postgres/run-as.js';
import {
  currentNodes,
  haStateFile,
  nodePaths,
  nodePid,
  readHaState,
  writeHaState,
  type DbNode,
} from './nodes.js';
import {
  applySynchronous,
  cloneStandby,
  configureAsStandby,
  ensureSlot,
  preparePrimary,
  upstreamOf,
  withNodeClient,
} from './standby.js';

type Log = (line: string) => void;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the primary reports the standby streaming (pg_stat_replication). */
export async function waitForStreaming(
  paths: StatePaths,
  primary: DbNode,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const streaming = await withNodeClient(paths, primary, async (client) => {
      const { rowCount } = await client.query(
        `select 1 from pg_stat_replication where application_name = 'cti_standby' and state = 'streaming'`,
      );
      return rowCount === 1;
    }).catch(() => false);
    if (streaming) return;
    await sleep(200);
  }
  throw new Error(`the standby did not start streaming within ${timeoutMs / 1000} s`);
}

/**
 * `stack up --standby`: the primary prepared, the standby cloned if it has no data yet, started,
 * streaming. Idempotent: a running standby is left as it is.
 */
export async function ensureStandby(
  config: ProjectConfig,
  paths: StatePaths,
  password: string,
  log: Log,
): Promise<void> {
  if (!existsSync(haStateFile(paths))) writeHaState(paths, { primary: 'a' });
  const { primary, standby, state } = currentNodes(config, paths);
  await preparePrimary(config, paths, primary, password, async () => {
    log('restarting the primary once so wal_log_hints applies');
    stopCluster(nodePaths(paths, primary));
    startCluster(nodePaths(paths, primary));
  });
  if (nodePid(standby) !== undefined) {
    await withNodeClient(paths, primary, (c) => applySynchronous(c, config.standby.synchronous));
    return;
  }
  await rejoin(
    config,
    paths,
    standby,
    primary,
    password,
    state.needsRewind === standby.name ? 'rewind' : 'restart',
    log,
  );
}

/** Brings `node` back as the standby of `primary`: rewound, or cloned afresh. */
export async function rejoin(
  config: ProjectConfig,
  paths: StatePaths,
  node: DbNode,
  primary: DbNode,
  password: string,
  mode: 'rewind' | 'restart' | 'clone',
  log: Log,
): Promise<void> {
  const upstream = upstreamOf(config, primary);
  const hasData = existsSync(path.join(node.pgData, 'PG_VERSION'));
  let cloned = !hasData || mode === 'clone';
  if (!cloned && mode === 'rewind') {
    // pg_rewind reads the source's timeline from its control file, which a promoted node updates
    // only at its next checkpoint (https://www.postgresql.org/docs/15/app-pgrewind.html).
    await withNodeClient(paths, primary, (c) => c.query('checkpoint'));
    // Single-user crash recovery (which pg_rewind runs first) refuses standby mode.
    rmSync(path.join(node.pgData, 'standby.signal'), { force: true });
    const bins = requireBinaries();
    const result = runTool(
      path.join(bins.dir, 'pg_rewind'),
      [
        '--target-pgdata',
        node.pgData,
        '--source-server',
        `host=${paths.socketDir} port=${primary.port} user=${BOOTSTRAP_SUPERUSER} dbname=postgres`,
      ],
      { allowFailure: true },
    );
    if (result.status !== 0) {
      log(`pg_rewind failed, cloning node ${node.name} afresh: ${(result.stderr || result.stdout).trim()}`);
      cloned = true;
    } else {
      log(`node ${node.name} rewound to the new primary's timeline`);
    }
  }
  if (cloned) {
    rmSync(node.pgData, { recursive: true, force: true });
    cloneStandby(config, paths, node, upstream, password, log);
    log(`node ${node.name} cloned from the primary (pg_basebackup)`);
  } else {
    configureAsStandby(config, paths, node, upstream, password);
  }
  startCluster(nodePaths(paths, node));
  try {
    await waitForStreaming(paths, primary);
  } catch (error) {
    // Left stopped: the next attempt clones it afresh.
    stopCluster(nodePaths(paths, node));
    throw error;
  }
  const state = readHaState(paths);
  if (state.needsRewind === node.name) writeHaState(paths, { ...state, needsRewind: undefined });
  // Back to two nodes: a synchronous setup waits for the standby again.
  await withNodeClient(paths, primary, (c) => applySynchronous(c, config.standby.synchronous));
}

/**
 * Makes the standby the primary. Fencing comes first: the old primary's process is killed if it
 * still runs, and its folder gets standby.signal, so whatever starts it again (a person, systemd)
 * gets a read-only standby, never a second primary; only `rejoin` (after pg_rewind) starts it.
 * ha.json is switched before pg_promote: a supervisor that dies in between promotes on its restart.
 */
export async function promote(
  config: ProjectConfig,
  paths: StatePaths,
  options: { lastPid?: number; planned?: boolean },
  log: Log,
): Promise<DbNode> {
  const { primary: old, standby: next } = currentNodes(config, paths);
  if (options.planned) {
    // A clean shutdown sends every WAL record to the standby before the primary exits.
    stopCluster(nodePaths(paths, old));
  }
  for (const pid of [options.lastPid, nodePid(old)]) {
    if (pid === undefined) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (existsSync(path.join(old.pgData, 'PG_VERSION'))) {
    writeFileSync(path.join(old.pgData, 'standby.signal'), '');
  }
  writeHaState(paths, { primary: next.name, needsRewind: old.name, promotedAt: new Date().toISOString() });
  await promoteNode(paths, next);
  log(`node ${next.name} promoted to primary (node ${old.name} fenced; it rejoins as the standby)`);
  return next;
}

/** pg_promote on a node still in recovery; then it is a primary with no standby yet. */
export async function promoteNode(paths: StatePaths, node: DbNode): Promise<void> {
  if (!isClusterRunning(nodePaths(paths, node))) throw new Error(`node ${node.name} is not running`);
  await withNodeClient(paths, node, async (client) => {
    const { rows } = await client.query<{ r: boolean }>(`select pg_is_in_recovery() as r`);
    if (!rows[0]!.r) return;
    await client.query(`select pg_promote(true, 60)`);
    // Until a standby is back, a synchronous commit would wait for ever: run asynchronously.
    await applySynchronous(client, false);
    await ensureSlot(client);
  });
}
