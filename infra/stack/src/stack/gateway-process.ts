/** Starts the gateway detached (logs to the state folder), finds it again, and stops it. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';

const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../gateway/main.ts', import.meta.url));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function gatewayPid(paths: StatePaths): number | undefined {
  if (!existsSync(paths.gatewayPid)) return undefined;
  const pid = Number(readFileSync(paths.gatewayPid, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface PartHealth {
  healthy: boolean;
  detail?: string;
}

/** Each part's health as the gateway reports it, or undefined when the gateway does not answer. */
export async function partsHealth(config: ProjectConfig): Promise<Record<string, PartHealth> | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${config.api.port}/__stack/health`, {
      signal: AbortSignal.timeout(5000),
    });
    const body = (await response.json()) as { parts?: Record<string, PartHealth> };
    return body.parts;
  } catch {
    return undefined;
  }
}

/** Ready to serve: the gateway answers and its database is reachable. */
export async function gatewayHealthy(config: ProjectConfig): Promise<boolean> {
  return (await partsHealth(config))?.db?.healthy === true;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startGateway(config: ProjectConfig, paths: StatePaths): Promise<number> {
  const running = gatewayPid(paths);
  if (running !== undefined) return running;
  if (await portInUse(config.api.port)) {
    throw new Error(
      `Port ${config.api.port} is already in use by another program: change [api] port in supabase/config.toml or stop it`,
    );
  }
  mkdirSync(paths.logs, { recursive: true });
  const logFd = openSync(paths.gatewayLog, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, config.workdir], {
    cwd: PACKAGE_DIR,
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  child.unref();
  writeFileSync(paths.gatewayPid, String(child.pid));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      const tail = readFileSync(paths.gatewayLog, 'utf8').trim().split('\n').slice(-15).join('\n');
      throw new Error(`The gateway exited during start-up (code ${exited}). Last log lines:\n${tail}`);
    }
    if (await gatewayHealthy(config)) return child.pid!;
    await sleep(100);
  }
  throw new Error(`The gateway did not become healthy within 30 s; see ${paths.gatewayLog}`);
}

export async function stopGateway(paths: StatePaths): Promise<void> {
  const pid = gatewayPid(paths);
  if (pid !== undefined) {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (isAlive(pid) && Date.now() < deadline) await sleep(50);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  rmSync(paths.gatewayPid, { force: true });
}
