/**
 * Both nodes as the primary sees them: whether the standby streams, sync or async, and how far
 * behind it is (pg_stat_replication, https://www.postgresql.org/docs/15/monitoring-stats.html).
 */
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';
import { currentNodes, haStateFile, nodePid, STANDBY_SLOT } from './nodes.js';
import { existsSync } from 'node:fs';
import { withNodeClient } from './standby.js';

export interface ReplicationStatus {
  primary: { node: string; port: number; running: boolean };
  standby: { node: string; port: number; running: boolean };
  /** `streaming`, `catchup`, ... from pg_stat_replication; undefined when the standby is not connected. */
  state?: string;
  /** `sync` or `async`. */
  syncState?: string;
  /** WAL the standby has not replayed yet, in bytes. */
  lagBytes?: number;
  /** Time the standby's replay is behind (replay_lag; 0 once it has caught up and nothing is written). */
  lagSeconds?: number;
  promotedAt?: string;
}

/** True once `stack up --standby` (or [stack.standby] enabled) has set the standby up. */
export function haActive(paths: StatePaths): boolean {
  return existsSync(haStateFile(paths));
}

export async function replicationStatus(
  config: ProjectConfig,
  paths: StatePaths,
): Promise<ReplicationStatus> {
  const { primary, standby, state } = currentNodes(config, paths);
  const result: ReplicationStatus = {
    primary: { node: primary.name, port: primary.port, running: nodePid(primary) !== undefined },
    standby: { node: standby.name, port: standby.port, running: nodePid(standby) !== undefined },
    ...(state.promotedAt ? { promotedAt: state.promotedAt } : {}),
  };
  if (!result.primary.running) return result;
  try {
    const row = await withNodeClient(paths, primary, async (client) => {
      const { rows } = await client.query<{
        state: string;
        sync_state: string;
        lag_bytes: string | null;
        lag_seconds: number | null;
      }>(
        `select state, sync_state,
                pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint as lag_bytes,
                extract(epoch from replay_lag)::float8 as lag_seconds
           from pg_stat_replication where application_name = $1
          order by backend_start desc limit 1`,
        [STANDBY_SLOT],
      );
      return rows[0];
    });
    if (row) {
      result.state = row.state;
      result.syncState = row.sync_state;
      result.lagBytes = Number(row.lag_bytes ?? 0);
      result.lagSeconds = result.lagBytes === 0 ? 0 : (row.lag_seconds ?? 0);
    }
  } catch {
    // The primary is restarting: report what the processes say.
  }
  return result;
}
