/**
 * A private stack with a streaming standby (src/ha) for the standby tests: a copy of the fixture
 * project on its own ports (api, db, standby; the mail catcher off), brought up with `up --standby`.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const STACK_BIN = fileURLToPath(new URL('../../bin/stack.mjs', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixture/supabase', import.meta.url));

export interface StandbyStack {
  workdir: string;
  state: string;
  configFile: string;
  apiUrl: string;
  serviceRoleKey: string;
}

/**
 * Runs the stack CLI; resolves with its stdout. Asynchronous on purpose: a test may run a TCP proxy
 * the standby streams through, and a blocked event loop would stall replication.
 */
export async function stackCli(workdir: string, args: string[]): Promise<string> {
  const run = promisify(execFile);
  return (await run(process.execPath, [STACK_BIN, ...args, '--workdir', workdir], { encoding: 'utf8' }))
    .stdout;
}

export interface StandbyStatus {
  DB_URL: string;
  STANDBY_DB_URL: string;
  REPLICATION: {
    primary: { node: string; port: number; running: boolean };
    standby: { node: string; port: number; running: boolean };
    state?: string;
    syncState?: string;
    lagBytes?: number;
  };
}

export async function standbyStatus(stack: StandbyStack): Promise<StandbyStatus> {
  let out: string;
  try {
    out = await stackCli(stack.workdir, ['status', '-o', 'json']);
  } catch (error) {
    // `status` exits 1 while a part is unhealthy, and still prints the JSON.
    out = (error as { stdout?: string }).stdout ?? '';
  }
  return JSON.parse(out) as StandbyStatus;
}

export async function createStandbyStack(
  name: string,
  ports: { api: number; db: number; standby: number },
  standbyToml: string,
): Promise<StandbyStack> {
  const workdir = path.join(tmpdir(), `cti-standby-${name}`);
  if (existsSync(workdir)) {
    try {
      await stackCli(workdir, ['down', '--purge']);
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
    .replace(/^project_id = .*$/m, `project_id = "standby-${name}"`)
    .replace(/^port = 25321$/m, `port = ${ports.api}`)
    .replace(/^port = 25322$/m, `port = ${ports.db}`)
    .replace(/^\[local_smtp\]\nenabled = true$/m, '[local_smtp]\nenabled = false');
  writeFileSync(configFile, `${config}\n[stack.standby]\nport = ${ports.standby}\n${standbyToml}\n`);
  const vars = JSON.parse(await stackCli(workdir, ['up', '--standby', '-o', 'json'])) as Record<
    string,
    string
  >;
  return {
    workdir,
    configFile,
    state: path.join(workdir, 'supabase', '.temp', 'stack'),
    apiUrl: vars.API_URL!,
    serviceRoleKey: vars.SERVICE_ROLE_KEY!,
  };
}

/** `FAULT_KEEP=1` leaves the stack for a look after a failure. */
export async function destroyStandbyStack(stack: StandbyStack): Promise<void> {
  if (process.env.FAULT_KEEP === '1') return;
  await stackCli(stack.workdir, ['down', '--purge']);
  rmSync(stack.workdir, { recursive: true, force: true });
}

export async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function serviceHeaders(stack: StandbyStack): Record<string, string> {
  return {
    apikey: stack.serviceRoleKey,
    Authorization: `Bearer ${stack.serviceRoleKey}`,
    'Content-Type': 'application/json',
    Prefer: 'return=minimal',
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bootstrap superuser on one node over the stack's unix socket (trust). */
export async function asSuperuser<T extends pg.QueryResultRow>(
  stack: StandbyStack,
  port: number,
  sql: string,
): Promise<T[]> {
  return query<T>(
    `postgresql://supabase_admin@localhost:${port}/postgres?host=${encodeURIComponent(path.join(stack.state, 'run'))}`,
    sql,
  );
}
