/**
 * `stack run`: the stack in the foreground, for a service manager (systemd) or a terminal. It brings
 * everything up, supervises Postgres and the gateway itself (no detached supervisor), logs to
 * stdout, and on SIGTERM/SIGINT stops the stack cleanly and exits 0.
 */
import { writeFileSync } from 'node:fs';
import type { ProjectConfig } from '../config/project-config.js';
import { statePaths } from '../config/state.js';
import { createLogger } from '../kernel/logger.js';
import { down, up } from '../stack/lifecycle.js';
import { supervise } from '../stack/supervisor.js';

export async function runForeground(config: ProjectConfig): Promise<number> {
  const paths = statePaths(config);
  const log = createLogger();
  await up(config, { supervise: false });
  // `stack down` from another shell finds this process as the supervisor and sends it SIGTERM.
  writeFileSync(paths.supervisorPid, String(process.pid));
  const supervisor = supervise(config, paths, log);
  const signal = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  log('info', 'stopping the stack', { signal });
  await supervisor.stop();
  await down(config);
  log('info', 'stack stopped');
  return 0;
}
