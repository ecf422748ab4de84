/**
 * Starts the supervisor (src/stack/supervisor-main.ts) detached after `stack up`, finds it again
 * and stops it. `down`, `reset` and `restore` stop it first, so it never restarts a part they stop
 * on purpose. `STACK_SUPERVISOR=off` leaves it out (systemd then restarts the parts itself).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';
import { isAlive } from './supervisor.js';

const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('./supervisor-main.ts', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function supervisorWanted(): boolean {
  return process.env.STACK_SUPERVISOR !== 'off';
}

export function supervisorPid(paths: StatePaths): number | undefined {
  if (!existsSync(paths.supervisorPid)) return undefined;
  const pid = Number(readFileSync(paths.supervisorPid, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

/** Starts the detached supervisor unless one runs already (or it is turned off); returns its pid. */
export function startSupervisor(config: ProjectConfig, paths: StatePaths): number | undefined {
  if (!supervisorWanted()) return undefined;
  const running = supervisorPid(paths);
  if (running !== undefined) return running;
  mkdirSync(paths.logs, { recursive: true });
  const logFd = openSync(paths.supervisorLog, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, config.workdir], {
    cwd: PACKAGE_DIR,
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  });
  child.unref();
  writeFileSync(paths.supervisorPid, String(child.pid));
  return child.pid;
}

/** SIGTERM (it finishes the check under way), SIGKILL after 60 s; never this process itself. */
export async function stopSupervisor(paths: StatePaths): Promise<void> {
  const pid = supervisorPid(paths);
  if (pid !== undefined && pid !== process.pid) {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 60_000;
    while (isAlive(pid) && Date.now() < deadline) await sleep(50);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (pid !== process.pid) rmSync(paths.supervisorPid, { force: true });
}
