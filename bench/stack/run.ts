/**
 * `npm run bench:stack`: how close the gateway comes to the floor (a minimal node:http + pg server
 * doing the same SQL), password sign-ins per second, and realtime fan-out latency, on the stack's
 * own bench project (bench/stack/supabase), built and torn down by this script.
 * Progress goes to stderr; the table goes to stdout. Options: see USAGE in options.ts.
 */
import { writeFileSync } from 'node:fs';
import {
  checkCounts,
  checkRpc,
  countTargets,
  rpcTargets,
  RPC_LIMIT,
  type ScenarioTargets,
} from './api-scenarios.js';
import {
  adminClient,
  bcryptCost,
  BENCH_USER_EMAIL,
  ensureEvents,
  explainCount,
  OWNERS,
  ownedCount,
  prepareUser,
} from './dataset.js';
import { startFloor, type FloorProcess } from './floor-process.js';
import { compareTargets, measureAlone, type Comparison } from './load.js';
import { parseOptions, USAGE, type BenchOptions } from './options.js';
import { measureFanout } from './realtime-fanout.js';
import { formatTable, TARGET_CONNECTIONS, verdict, type Row } from './report.js';
import { gatewayLogPath, stackDown, stackPids, stackUp, type StackInfo } from './stack-control.js';

/** Sign-in is bcrypt-bound: a few connections keep the hashing threads busy; more only queue. */
const SIGNIN_CONNECTIONS = 8;
const SIGNIN_MIN_SECONDS = 3;

const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** e.g. "CPU µs/req node+pg 420+310 vs floor 210+250". */
function cpuNote(c: Comparison): string | undefined {
  if (Number.isNaN(c.stack.serverCpuUs) || Number.isNaN(c.floor.serverCpuUs)) return undefined;
  const pair = (s: { serverCpuUs: number; postgresCpuUs: number }): string =>
    `${s.serverCpuUs.toFixed(0)}+${s.postgresCpuUs.toFixed(0)}`;
  return `CPU µs/req node+pg ${pair(c.stack)} vs floor ${pair(c.floor)}`;
}

function comparedRow(scenario: string, connections: number, c: Comparison, notes: string[]): Row {
  const { pass, why } = verdict(c.ratio, c.stack.p99, c.stack.failures + c.floor.failures);
  const cpu = cpuNote(c);
  if (cpu) notes.push(cpu);
  if (connections !== TARGET_CONNECTIONS) notes.push(`targets are set at ${TARGET_CONNECTIONS} conns`);
  return {
    scenario,
    connections,
    stackRps: c.stack.rps,
    floorRps: c.floor.rps,
    ratio: c.ratio,
    p50: c.stack.p50,
    p99: c.stack.p99,
    floorP50: c.floor.p50,
    floorP99: c.floor.p99,
    pass,
    notes: [...why, ...notes].join('; '),
  };
}

async function compare(
  name: string,
  targets: ScenarioTargets,
  options: BenchOptions,
  notes: string[],
): Promise<{ row: Row; comparison: Comparison }> {
  log(`${name}: ${targets.stack.method} ${targets.stack.url} vs ${targets.floor.url}`);
  const comparison = await compareTargets(
    targets.stack,
    targets.floor,
    {
      connections: options.connections,
      seconds: options.duration,
      rounds: options.rounds,
      warmupSeconds: Math.min(2, options.duration),
    },
    log,
  );
  return { row: comparedRow(name, options.connections, comparison, notes), comparison };
}

async function main(options: BenchOptions, cleanups: (() => Promise<void>)[]): Promise<number> {
  const wants = (s: string): boolean => (options.only as string[]).includes(s);
  const started = Date.now();
  log(`starting the bench stack (bench/stack/supabase)…`);
  const stack: StackInfo = await stackUp(log);
  cleanups.push(async () => {
    log(
      options.keep
        ? 'stopping the bench stack (state kept: --keep)…'
        : 'stopping the bench stack and deleting its state…',
    );
    await stackDown(!options.keep, log);
  });
  const admin = adminClient(stack);
  await admin.connect();
  cleanups.unshift(() => admin.end());

  const rows: Row[] = [];
  const results: Record<string, unknown> = {};
  const poolSize = stack.config.stack.dbPoolSize;
  const setup: Record<string, unknown> = {
    duration: options.duration,
    rounds: options.rounds,
    connections: options.connections,
    poolSize,
    quick: options.quick,
  };

  if (wants('rest') || wants('rpc')) await ensureEvents(admin, options.rows, log);
  const user = await prepareUser(stack, admin);
  log(`bench user ${user.email} signed in`);

  let floor: FloorProcess | undefined;
  if (wants('rest') || wants('rpc')) {
    const owned = await ownedCount(admin);
    const plan = await explainCount(admin);
    Object.assign(setup, { rows: options.rows, owners: OWNERS, ownedByBenchUser: owned, countPlan: plan });
    log(
      `bench_events: ${options.rows.toLocaleString('en')} rows, the bench user owns ${owned.toLocaleString('en')}; ` +
        `count plan: ${plan.scan}${plan.index ? ` using ${plan.index}` : ''}, heap fetches ${plan.heapFetches ?? '–'}, ` +
        `${plan.executionMs.toFixed(2)} ms`,
    );
    if (plan.scan !== 'Index Only Scan')
      log(
        `  WARNING: the owner's count is not an index-only scan (${plan.scan}); the numbers measure Postgres more than the gateway`,
      );
    const schema = stack.config.api.schemas[0] ?? 'public';
    floor = await startFloor({
      dbPort: stack.config.db.port,
      authenticatorPassword: stack.authenticatorPassword,
      poolSize,
      jwtSecret: stack.jwtSecret,
      searchPath: [schema, ...stack.config.api.extraSearchPath.filter((s) => s !== schema)],
      maxRows: stack.config.api.maxRows,
    });
    const floorProcess = floor;
    cleanups.unshift(() => floorProcess.stop());
    const pids = stackPids(stack.config);
    const stackCpu = { serverPid: pids.gateway, postmasterPid: pids.postmaster };
    const floorCpu = { serverPid: floor.pid, postmasterPid: pids.postmaster };
    log(`floor server at ${floor.url} (pid ${floor.pid}, pool of ${poolSize} as authenticator)`);

    if (wants('rest')) {
      const targets = countTargets(stack.apiUrl, floor.url, stack.anonKey, user.accessToken);
      targets.stack.cpu = stackCpu;
      targets.floor.cpu = floorCpu;
      await checkCounts(targets, owned);
      log(`rest: both targets count ${owned} rows`);
      const { row, comparison } = await compare('rest HEAD count=exact', targets, options, [
        `${plan.scan === 'Index Only Scan' ? 'index-only' : plan.scan}, ${owned} of ${options.rows} rows`,
      ]);
      rows.push(row);
      results.rest = comparison;
    }
    if (wants('rpc')) {
      const targets = rpcTargets(stack.apiUrl, floor.url, stack.anonKey, user.accessToken);
      targets.stack.cpu = stackCpu;
      targets.floor.cpu = floorCpu;
      await checkRpc(targets, user.id, owned);
      log(`rpc: both targets return the same ${RPC_LIMIT} rows`);
      const { row, comparison } = await compare('rpc POST bench_recent_events', targets, options, [
        `${RPC_LIMIT} rows`,
      ]);
      rows.push(row);
      results.rpc = comparison;
    }
  }

  if (wants('signin')) {
    const cost = await bcryptCost(admin);
    log(`signin: POST /auth/v1/token?grant_type=password, bcrypt cost ${cost ?? 'unknown'}`);
    const summary = await measureAlone(
      {
        name: 'signin',
        url: `${stack.apiUrl}/auth/v1/token?grant_type=password`,
        method: 'POST',
        headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: BENCH_USER_EMAIL, password: user.password }),
      },
      {
        connections: SIGNIN_CONNECTIONS,
        // A sign-in can take longer than a --quick round on a busy machine.
        seconds: Math.max(options.duration, SIGNIN_MIN_SECONDS),
        rounds: options.rounds,
        warmupSeconds: Math.min(2, options.duration),
      },
      log,
    );
    rows.push({
      scenario: 'password sign-in',
      connections: SIGNIN_CONNECTIONS,
      stackRps: summary.rps,
      p50: summary.p50,
      p99: summary.p99,
      notes: [
        `bcrypt cost ${cost ?? '?'}, no floor (bcrypt-bound)`,
        ...(summary.failures > 0 ? [`${summary.failures} failed requests`] : []),
      ].join('; '),
    });
    results.signin = { ...summary, bcryptCost: cost };
  }

  if (wants('realtime')) {
    log(`realtime: ${options.subscribers} supabase-js subscribers, ${options.inserts} inserts`);
    const fanout = await measureFanout(stack, admin, user.accessToken, options, log);
    results.realtime = fanout;
    rows.push(
      fanout.available
        ? {
            scenario: 'realtime fan-out (commit→recv)',
            connections: fanout.subscribers,
            p50: fanout.p50,
            p99: fanout.p99,
            notes: `p95 ${fanout.p95.toFixed(1)} ms, max ${fanout.max.toFixed(1)} ms, ${fanout.delivered}/${fanout.expected} delivered`,
          }
        : {
            scenario: 'realtime fan-out (commit→recv)',
            connections: options.subscribers,
            notes: `n/a (realtime unavailable: ${fanout.reason})`,
          },
    );
  }

  const table = formatTable(rows);
  process.stdout.write(
    `\nstack benchmark: ${options.duration} s × ${options.rounds} rounds per target (stack and floor alternating), ` +
      `gateway pool ${poolSize}; p50/p99 are medians over rounds, floor in parentheses\n\n${table}\n\n`,
  );
  if (options.json) {
    writeFileSync(options.json, JSON.stringify({ setup, rows, results }, null, 2) + '\n');
    log(`results written to ${options.json}`);
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return rows.some((r) => r.pass === false) ? 1 : 0;
}

async function runCleanups(cleanups: (() => Promise<void>)[]): Promise<void> {
  while (cleanups.length > 0) {
    const cleanup = cleanups.shift()!;
    await cleanup().catch((error: unknown) => log(`cleanup: ${(error as Error).message}`));
  }
}

let options: BenchOptions | 'help';
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
if (options === 'help') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const cleanups: (() => Promise<void>)[] = [];
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  log('interrupted: cleaning up…');
  void runCleanups(cleanups).finally(() => process.exit(130));
});
main(options, cleanups).then(
  async (code) => {
    await runCleanups(cleanups);
    if (!interrupted) process.exit(code);
  },
  async (error: unknown) => {
    log(`\nbench:stack failed: ${(error as Error).message}`);
    log(`(gateway log: ${gatewayLogPath()})`);
    await runCleanups(cleanups);
    process.exit(1);
  },
);
