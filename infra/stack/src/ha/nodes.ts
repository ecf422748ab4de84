/**
 * The two database nodes of a stack with a standby, and which one is the primary now.
 *
 * Node `a` is the cluster `stack up` always had ([db] port, state/pgdata); node `b` is the standby
 * ([stack.standby] port and data_dir). Roles swap on failover: `ha.json` in the state folder names
 * the current primary, and every process that connects (gateway, CLI, supervisor, importers through
 * `stack status`) reads it through `primaryView`, so the rest of the stack keeps using
 * `config.db.port` and `paths.pgData` and lands on whichever node is primary.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';

export type NodeName = 'a' | 'b';

export interface DbNode {
  name: NodeName;
  port: number;
  pgData: string;
  log: string;
}

export interface HaState {
  primary: NodeName;
  /** The node that was primary before the last failover: it must be rewound before it may start. */
  needsRewind?: NodeName;
  /** When the last promotion happened (ISO time), for `stack status`. */
  promotedAt?: string;
}

/** The physical slot on the primary that the standby streams from, and its application_name. */
export const STANDBY_SLOT = 'cti_standby';
/** The login role the standby replicates as (REPLICATION, nothing else). */
export const REPLICATION_ROLE = 'cti_replicator';

export function haStateFile(paths: StatePaths): string {
  return path.join(paths.root, 'ha.json');
}

export function readHaState(paths: StatePaths): HaState {
  const file = haStateFile(paths);
  if (!existsSync(file)) return { primary: 'a' };
  return JSON.parse(readFileSync(file, 'utf8')) as HaState;
}

/** Written to a temporary file and renamed: a reader never sees half a state. */
export function writeHaState(paths: StatePaths, state: HaState): void {
  const file = haStateFile(paths);
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2) + '\n');
  renameSync(`${file}.tmp`, file);
}

export function dbNode(config: ProjectConfig, paths: StatePaths, name: NodeName): DbNode {
  // `paths` may be a primary view already: node a's folder is always state/pgdata.
  return name === 'a'
    ? {
        name,
        port: config.standby.nodeAPort,
        pgData: path.join(paths.root, 'pgdata'),
        log: path.join(paths.logs, 'postgres.log'),
      }
    : {
        name,
        port: config.standby.port,
        pgData: config.standby.dataDir,
        log: path.join(paths.logs, 'postgres-standby.log'),
      };
}

export const otherNode = (name: NodeName): NodeName => (name === 'a' ? 'b' : 'a');

/** The current primary and standby (the standby only when one is configured or exists). */
export function currentNodes(
  config: ProjectConfig,
  paths: StatePaths,
): { primary: DbNode; standby: DbNode; state: HaState } {
  const state = readHaState(paths);
  return {
    primary: dbNode(config, paths, state.primary),
    standby: dbNode(config, paths, otherNode(state.primary)),
    state,
  };
}

/** Config and paths whose `db.port`, `pgData` and `postgresLog` are the current primary's. */
export function primaryView(
  config: ProjectConfig,
  paths: StatePaths,
): { config: ProjectConfig; paths: StatePaths } {
  const { primary } = currentNodes(config, paths);
  if (primary.name === 'a') return { config, paths };
  return {
    config: { ...config, db: { ...config.db, port: primary.port } },
    paths: { ...paths, pgData: primary.pgData, postgresLog: primary.log },
  };
}

/** Node-specific state paths (data folder and log), for the cluster helpers that take StatePaths. */
export function nodePaths(paths: StatePaths, node: DbNode): StatePaths {
  return { ...paths, pgData: node.pgData, postgresLog: node.log };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The node's postmaster pid when it runs (postmaster.pid's first line names a live process). */
export function nodePid(node: DbNode): number | undefined {
  const file = path.join(node.pgData, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}
