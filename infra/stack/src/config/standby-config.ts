/**
 * `[stack.standby]` in config.toml: a hot standby fed by PostgreSQL's streaming replication
 * (src/ha). Off unless `enabled = true` or `stack up --standby`.
 *
 *   [stack.standby]
 *   enabled = true
 *   port = 54332                 # the standby's own port
 *   data_dir = ".temp/stack/pgdata-standby"   # relative to supabase/
 *   synchronous = false          # true: remote_apply, no acknowledged write is ever lost
 *   failover_after = 5           # seconds the primary may be gone before the standby is promoted
 *   read_from_standby = false    # send read-only API work to the standby (gateway)
 *   primary_host = "127.0.0.1"   # how the standby reaches the primary (another machine: its address)
 *   primary_port = 54322         # default: [db] port
 */
import path from 'node:path';

export interface StandbyConfig {
  enabled: boolean;
  /** `[db] port`: the first node's port, kept here because `db.port` follows the current primary. */
  nodeAPort: number;
  port: number;
  /** Absolute data directory of the second node. */
  dataDir: string;
  synchronous: boolean;
  failoverAfterSeconds: number;
  readFromStandby: boolean;
  primaryHost: string;
  primaryPort: number;
}

type Table = Record<string, unknown>;

function pick<T>(t: Table, key: string, type: 'number' | 'boolean' | 'string', fallback: T): T {
  const v = t[key];
  if (v === undefined) return fallback;
  if (typeof v !== type || (type === 'number' && !Number.isFinite(v))) {
    throw new Error(
      `config.toml: [stack.standby] ${key} must be a ${type === 'boolean' ? 'true or false' : type}`,
    );
  }
  return v as T;
}

export function parseStandby(t: Table, projectDir: string, dbPort: number): StandbyConfig {
  const port = pick(t, 'port', 'number', dbPort + 10);
  if (!Number.isInteger(port) || port < 1 || port > 65535 || port === dbPort) {
    throw new Error('config.toml: [stack.standby] port must be a port number other than [db] port');
  }
  const failoverAfterSeconds = pick(t, 'failover_after', 'number', 5);
  if (failoverAfterSeconds < 1 || failoverAfterSeconds > 300) {
    throw new Error('config.toml: [stack.standby] failover_after must be between 1 and 300 seconds');
  }
  return {
    enabled: pick(t, 'enabled', 'boolean', false),
    nodeAPort: dbPort,
    port,
    dataDir: path.resolve(projectDir, pick(t, 'data_dir', 'string', '.temp/stack/pgdata-standby')),
    synchronous: pick(t, 'synchronous', 'boolean', false),
    failoverAfterSeconds,
    readFromStandby: pick(t, 'read_from_standby', 'boolean', false),
    primaryHost: pick(t, 'primary_host', 'string', '127.0.0.1'),
    primaryPort: pick(t, 'primary_port', 'number', dbPort),
  };
}
