/**
 * Drives the stack CLI for the bench project (`bench/stack/supabase`): `up` and `down [--purge]`
 * through `infra/stack/bin/stack.mjs`, URLs and keys from its `-o json` output, and the settings
 * the floor must match (pool size, max rows, search path) from the same config.toml the gateway reads.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadProjectConfig, type ProjectConfig } from '../../infra/stack/src/config/project-config.js';
import { readSecrets } from '../../infra/stack/src/config/secrets.js';
import { statePaths } from '../../infra/stack/src/config/state.js';
import { postmasterPid } from './cpu.js';

export const BENCH_WORKDIR = fileURLToPath(new URL('.', import.meta.url));
const STACK_BIN = fileURLToPath(new URL('../../infra/stack/bin/stack.mjs', import.meta.url));

export interface StackInfo {
  apiUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  authenticatorPassword: string;
  config: ProjectConfig;
}

/** Runs the stack CLI; stderr (its progress) is passed through with a prefix, stdout is returned. */
export function stackCli(args: string[], log: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [STACK_BIN, ...args, '--workdir', BENCH_WORKDIR], {
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
    child.on('close', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(
            new Error(
              `stack ${args[0]} failed (exit ${code}):\n${stderr.trim().split('\n').slice(-15).join('\n')}`,
            ),
          ),
    );
  });
}

function field(vars: Record<string, unknown>, key: string): string {
  const value = vars[key];
  if (typeof value !== 'string' || value === '') throw new Error(`stack up -o json printed no ${key}`);
  return value;
}

export async function stackUp(log: (line: string) => void): Promise<StackInfo> {
  const out = await stackCli(['up', '-o', 'json'], log);
  let vars: Record<string, unknown>;
  try {
    vars = JSON.parse(out) as Record<string, unknown>;
  } catch {
    throw new Error(`stack up -o json printed something that is not JSON:\n${out.slice(0, 500)}`);
  }
  const config = loadProjectConfig(BENCH_WORKDIR);
  return {
    apiUrl: field(vars, 'API_URL'),
    dbUrl: field(vars, 'DB_URL'),
    anonKey: field(vars, 'ANON_KEY'),
    serviceRoleKey: field(vars, 'SERVICE_ROLE_KEY'),
    jwtSecret: field(vars, 'JWT_SECRET'),
    // Not printed by `status` (it is the gateway's own login); the floor logs in with it too.
    authenticatorPassword: readSecrets(statePaths(config).secrets).authenticatorPassword,
    config,
  };
}

export async function stackDown(purge: boolean, log: (line: string) => void): Promise<void> {
  await stackCli(purge ? ['down', '--purge'] : ['down'], log);
}

/** Where the gateway logs (named in error messages, so a failing run can be diagnosed). */
export function gatewayLogPath(): string {
  return statePaths(loadProjectConfig(BENCH_WORKDIR)).gatewayLog;
}

/** The gateway's and the postmaster's pids, for CPU accounting (undefined when not found). */
export function stackPids(config: ProjectConfig): { gateway?: number; postmaster?: number } {
  const paths = statePaths(config);
  let gateway: number | undefined;
  try {
    const pid = Number(readFileSync(paths.gatewayPid, 'utf8').trim());
    if (Number.isSafeInteger(pid) && pid > 0) gateway = pid;
  } catch {
    gateway = undefined;
  }
  return { gateway, postmaster: postmasterPid(paths.pgData) };
}
