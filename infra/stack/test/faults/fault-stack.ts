/**
 * A private stack for one fault test file: a copy of the fixture project on its own ports (the
 * 25591–25599 range), brought up with its supervisor, purged afterwards. Faults (killed processes,
 * wiped state) never touch the conformance stack other tests share.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const STACK_BIN = fileURLToPath(new URL('../../bin/stack.mjs', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixture/supabase', import.meta.url));

export interface FaultStack {
  workdir: string;
  state: string;
  apiUrl: string;
  dbUrl: string;
  serviceRoleKey: string;
  anonKey: string;
}

/** Runs the stack CLI on this workdir; returns stdout, throws with stderr on failure. */
export function stackCli(workdir: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  return execFileSync(process.execPath, [STACK_BIN, ...args, '--workdir', workdir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
}

export function createFaultStack(name: string, apiPort: number, dbPort: number): FaultStack {
  const workdir = path.join(tmpdir(), `cti-fault-${name}`);
  if (existsSync(workdir)) {
    // What a crashed earlier run left behind.
    try {
      stackCli(workdir, ['down', '--purge']);
    } catch {
      // nothing running
    }
    rmSync(workdir, { recursive: true, force: true });
  }
  mkdirSync(workdir, { recursive: true });
  cpSync(FIXTURE, path.join(workdir, 'supabase'), {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}.temp`),
  });
  const configFile = path.join(workdir, 'supabase', 'config.toml');
  const config = readFileSync(configFile, 'utf8')
    .replace(/^project_id = .*$/m, `project_id = "fault-${name}"`)
    .replace(/^port = 25321$/m, `port = ${apiPort}`)
    .replace(/^port = 25322$/m, `port = ${dbPort}`)
    .replace(/^port = 25324$/m, `port = ${apiPort - 10000}`)
    .replace(/^smtp_port = 25325$/m, `smtp_port = ${dbPort - 10000}`);
  writeFileSync(configFile, config);
  const vars = JSON.parse(stackCli(workdir, ['up', '-o', 'json'])) as Record<string, string>;
  return {
    workdir,
    state: path.join(workdir, 'supabase', '.temp', 'stack'),
    apiUrl: vars.API_URL!,
    dbUrl: vars.DB_URL!,
    serviceRoleKey: vars.SERVICE_ROLE_KEY!,
    anonKey: vars.ANON_KEY!,
  };
}

/** `FAULT_KEEP=1` leaves the stack and its logs for a look after a failure. */
export function destroyFaultStack(stack: FaultStack): void {
  if (process.env.FAULT_KEEP === '1') return;
  stackCli(stack.workdir, ['down', '--purge']);
  rmSync(stack.workdir, { recursive: true, force: true });
}

/** The postmaster's pid (first line of postmaster.pid), undefined while it is not running. */
export function postmasterPid(stack: FaultStack): number | undefined {
  const file = path.join(stack.state, 'pgdata', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  return Number(readFileSync(file, 'utf8').split('\n')[0]);
}

export function readPid(stack: FaultStack, file: 'gateway.pid' | 'supervisor.pid'): number {
  return Number(readFileSync(path.join(stack.state, file), 'utf8').trim());
}

export function supervisorLog(stack: FaultStack): string {
  const file = path.join(stack.state, 'logs', 'supervisor.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
