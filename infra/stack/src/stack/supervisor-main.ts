/**
 * Supervisor process: `node --import tsx src/stack/supervisor-main.ts <workdir>`, started detached
 * by `stack up` (logs to logs/supervisor.log). Exits on SIGTERM once its current check is done.
 */
import { rmSync } from 'node:fs';
import { loadProjectConfig } from '../config/project-config.js';
import { statePaths } from '../config/state.js';
import { createLogger } from '../kernel/logger.js';
import { supervise } from './supervisor.js';

const workdir = process.argv[2];
if (!workdir) throw new Error('usage: supervisor-main.ts <workdir>');
const config = loadProjectConfig(workdir);
const paths = statePaths(config);
const log = createLogger();
const supervisor = supervise(config, paths, log);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  await supervisor.stop();
  rmSync(paths.supervisorPid, { force: true });
  log('info', 'supervisor stopped', { signal });
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
