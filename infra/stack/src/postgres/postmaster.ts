/**
 * Starts the postmaster directly (no `runuser` → `pg_ctl` → `sh` → `postgres -V` chain), detached,
 * as the server user, and waits until postmaster.pid says `ready`. The supervisor uses it to bring
 * a killed server back: on a busy machine the chain alone cost seconds of the outage.
 */
import { spawn } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StatePaths } from '../config/state.js';
import { requireBinaries } from './cluster.js';
import { isRoot, makeServerDir, serverUser } from './run-as.js';

/** postmaster.pid: line 1 is the pid, line 8 the server's state (`starting`, `ready`, ...). */
function postmasterState(paths: StatePaths): { pid: number; status: string } | undefined {
  const file = path.join(paths.pgData, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  return { pid: Number(lines[0]), status: (lines[7] ?? '').trim() };
}

export async function launchPostmaster(paths: StatePaths, timeoutMs = 60_000): Promise<number> {
  const bins = requireBinaries();
  makeServerDir(paths.socketDir);
  mkdirSync(paths.logs, { recursive: true });
  if (!existsSync(paths.postgresLog)) writeFileSync(paths.postgresLog, '');
  const user = serverUser();
  chownSync(paths.postgresLog, user.uid, user.gid);
  const log = openSync(paths.postgresLog, 'a');
  const child = spawn(path.join(bins.dir, 'postgres'), ['-D', paths.pgData], {
    detached: true,
    stdio: ['ignore', log, log],
    ...(isRoot() ? { uid: user.uid, gid: user.gid } : {}),
  });
  closeSync(log);
  child.unref();
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      throw new Error(`postgres exited during start-up (code ${exited}); see ${paths.postgresLog}`);
    }
    const state = postmasterState(paths);
    if (state !== undefined && state.pid === child.pid && state.status === 'ready') return state.pid;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`postgres did not become ready within ${timeoutMs / 1000} s; see ${paths.postgresLog}`);
}
