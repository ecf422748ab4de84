/**
 * The bench's own stack: a private copy of this project's supabase/ (its real migrations) in
 * .temp/bench-ingest on ports 25721 (API) and 25722 (database), rebuilt empty with `reset` before
 * each scenario and removed with `down --purge` at the end. bench/stack/stack-control.ts drives
 * the stack CLI for a fixed project folder with `up`; this one needs another folder and `reset`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { makeProjectTestWorkdir, ROOT } from '../../scripts/lib/setup.mjs';

export const BENCH_DIR = path.join(ROOT, '.temp', 'bench-ingest');
const API_PORT = 25721;
const DB_PORT = 25722;
const STACK_BIN = path.join(ROOT, 'infra', 'stack', 'bin', 'stack.mjs');
/** The stack's state folder for this workdir (infra/stack/src/config/state.ts). */
const STATE_DIR = path.join(BENCH_DIR, 'supabase', '.temp', 'stack');

export interface BenchStack {
  apiUrl: string;
  dbUrl: string;
  serviceRoleKey: string;
}

type Log = (line: string) => void;

/** Runs the stack CLI on the bench folder; its progress (stderr) is passed on, stdout returned. */
function stackCli(args: string[], log: Log): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [STACK_BIN, ...args, '--workdir', BENCH_DIR], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      for (const line of d.toString().split(/[\r\n]+/)) if (line.trim()) log(`  stack: ${line.trim()}`);
    });
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0
        ? resolve(stdout)
        : reject(
            new Error(
              `stack ${args[0]} failed (${signal ?? `exit ${code}`}):\n` +
                stderr.trim().split('\n').slice(-15).join('\n'),
            ),
          ),
    );
  });
}

/**
 * Makes the bench folder afresh. A stack an earlier `--keep` run left running is stopped first:
 * makeProjectTestWorkdir deletes the folder, and with it the running cluster's data directory.
 */
export async function prepareBenchDir(log: Log): Promise<void> {
  // Only --keep (or a run killed outright) leaves state behind: `down --purge` deletes it.
  if (existsSync(STATE_DIR)) {
    log('stopping the bench stack an earlier run left (--keep)…');
    await stackCli(['down'], log).catch((error: unknown) => log(`  (${(error as Error).message})`));
  }
  for (const port of [API_PORT, DB_PORT])
    if (await listening(port))
      throw new Error(`port ${port} is taken (another bench:ingest run, perhaps from another checkout?)`);
  makeProjectTestWorkdir(BENCH_DIR, API_PORT, DB_PORT);
  // The bench measures the server, not its request limit: 1,200 REST lookups from one address in a
  // few seconds would be refused past the project's 100 per 10 s.
  const config = path.join(BENCH_DIR, 'supabase', 'config.toml');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(/^requests_per_window = .*$/m, 'requests_per_window = 0'),
  );
}

/** Whether something accepts connections on the port (the stack would fail later, less clearly). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function field(vars: Record<string, unknown>, key: string): string {
  const value = vars[key];
  if (typeof value !== 'string' || value === '') throw new Error(`stack reset -o json printed no ${key}`);
  return value;
}

/** An empty database with the project's migrations, and the gateway in front of it. */
export async function resetStack(log: Log): Promise<BenchStack> {
  const out = await stackCli(['reset', '-o', 'json'], log);
  let vars: Record<string, unknown>;
  try {
    vars = JSON.parse(out) as Record<string, unknown>;
  } catch {
    throw new Error(`stack reset -o json printed something that is not JSON:\n${out.slice(0, 500)}`);
  }
  return {
    apiUrl: field(vars, 'API_URL'),
    dbUrl: field(vars, 'DB_URL'),
    serviceRoleKey: field(vars, 'SERVICE_ROLE_KEY'),
  };
}

/** Stops the stack; `purge` also deletes its state (cluster, logs, secrets). */
export async function stopStack(purge: boolean, log: Log): Promise<void> {
  await stackCli(purge ? ['down', '--purge'] : ['down'], log);
}

/** Where the bench stack's logs are, copied aside when a run fails (purge deletes them). */
export const STACK_LOGS = path.join(STATE_DIR, 'logs');
