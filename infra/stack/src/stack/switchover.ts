/**
 * `stack failover`: a planned switchover. The supervisor is paused (it would see the primary stop and
 * race us), the primary is shut down cleanly (it hands every WAL record to the standby on the way
 * out, so nothing is lost even asynchronously), the standby promoted, the gateway restarted on it,
 * and the old primary rewound and started as the new standby.
 */
import type { ProjectConfig } from '../config/project-config.js';
import { readSecrets } from '../config/secrets.js';
import { statePaths } from '../config/state.js';
import { startGateway, stopGateway } from './gateway-process.js';
import { startSupervisor, stopSupervisor } from './supervisor-process.js';
import { currentNodes, nodePid } from '../ha/nodes.js';
import { promote, rejoin } from '../ha/rejoin.js';
import { haActive } from '../ha/replication-status.js';

export async function switchover(config: ProjectConfig, log: (line: string) => void): Promise<void> {
  const paths = statePaths(config);
  if (!haActive(paths)) throw new Error('this stack has no standby: start one with `stack up --standby`');
  const { primary, standby } = currentNodes(config, paths);
  if (nodePid(standby) === undefined) throw new Error(`the standby (node ${standby.name}) is not running`);
  if (nodePid(primary) === undefined) throw new Error(`the primary (node ${primary.name}) is not running`);
  const password = readSecrets(paths.secrets).replicationPassword ?? '';
  await stopSupervisor(paths);
  try {
    const started = Date.now();
    const next = await promote(config, paths, { planned: true }, log);
    await stopGateway(paths);
    await startGateway(config, paths);
    log(`writes go to node ${next.name} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await rejoin(config, paths, primary, next, password, 'rewind', log);
    log(`node ${primary.name} is the standby again after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    startSupervisor(config, paths);
  }
}
