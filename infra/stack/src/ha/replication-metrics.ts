/** `/metrics` for a stack with a standby (src/ha): how far behind the standby is, and whether it streams. */
import client from 'prom-client';
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';
import { replicationStatus } from './replication-status.js';

export function replicationMetrics(
  registry: client.Registry,
  config: ProjectConfig,
  paths: StatePaths,
): void {
  const bytes = new client.Gauge({
    name: 'cti_replication_lag_bytes',
    help: 'WAL the standby has not replayed yet, in bytes (-1 while it is not connected).',
    registers: [registry],
  });
  const seconds = new client.Gauge({
    name: 'cti_replication_lag_seconds',
    help: "How far the standby's replay is behind the primary, in seconds (-1 while it is not connected).",
    registers: [registry],
  });
  new client.Gauge({
    name: 'cti_replication_standby_streaming',
    help: '1 while the standby streams from the primary, 0 otherwise; label sync is sync or async.',
    labelNames: ['sync'] as const,
    registers: [registry],
    async collect() {
      const status = await replicationStatus(config, paths);
      const streaming = status.state === 'streaming';
      this.reset();
      this.set({ sync: status.syncState ?? 'none' }, streaming ? 1 : 0);
      bytes.set(status.lagBytes ?? -1);
      seconds.set(status.lagSeconds ?? -1);
    },
  });
}
