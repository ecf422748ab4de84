/** `stack status` for a stack with a standby: both nodes' URLs, and a line per node (pretty). */
import type { ProjectConfig } from '../config/project-config.js';
import type { StackSecrets } from '../config/secrets.js';
import { statePaths } from '../config/state.js';
import { databaseUrl } from '../kernel/db.js';
import { currentNodes } from '../ha/nodes.js';
import { haActive, type ReplicationStatus } from '../ha/replication-status.js';

/** DB_URL is the current primary's; STANDBY_DB_URL the standby's (read-only), when there is one. */
export function standbyVariables(config: ProjectConfig, secrets: StackSecrets): Record<string, string> {
  const paths = statePaths(config);
  if (!haActive(paths)) return {};
  const { primary, standby } = currentNodes(config, paths);
  const url = (port: number) =>
    databaseUrl({ ...config, db: { ...config.db, port } }, 'postgres', secrets.postgresPassword);
  return { DB_URL: url(primary.port), STANDBY_DB_URL: url(standby.port) };
}

export function formatReplication(status: ReplicationStatus): string {
  const lag =
    status.lagBytes === undefined
      ? 'not streaming'
      : `${status.state} (${status.syncState}), lag ${status.lagBytes} bytes / ${(status.lagSeconds ?? 0).toFixed(3)} s`;
  const node = (role: string, n: ReplicationStatus['primary']) =>
    `${role.padEnd(8)} node ${n.node}  port ${n.port}  ${n.running ? 'running' : 'DOWN'}`;
  return [
    node('primary', status.primary),
    `${node('standby', status.standby)}  ${lag}`,
    ...(status.promotedAt ? [`last failover  ${status.promotedAt}`] : []),
  ].join('\n');
}
