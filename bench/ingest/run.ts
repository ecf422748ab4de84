/**
 * `npm run bench:ingest`: the ingestion pipeline measured end to end on its own stack (this
 * project's migrations, ports 25721/25722), the importer CLI run as an operator runs it; the
 * scenarios are in plan.ts. Prints figures against their targets: a missed target is a figure, not
 * a failure (exit 0); the exit code is 1 only when a scenario could not run. Progress goes to
 * stderr, the table to stdout and to .temp/bench-ingest/report.json. Options: USAGE in options.ts.
 */
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR, STACK_LOGS, stopStack } from './bench-stack.js';
import { parseOptions, USAGE, type IngestOptions } from './options.js';
import { runScenarios, stopStarting, type Run } from './plan.js';
import { formatReport, machineNow, PUBLISHED, type Machine } from './report.js';

const started = performance.now();
const log = (line: string): void =>
  void process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s] ${line}\n`);

async function cleanup(run: Run, failed: boolean): Promise<void> {
  if (failed && existsSync(STACK_LOGS)) {
    const kept = path.join(BENCH_DIR, 'stack-logs');
    cpSync(STACK_LOGS, kept, { recursive: true });
    log(`stack logs copied to ${kept}`);
  }
  if (run.options.keep) {
    log(
      `bench stack left running (--keep); stop it with: node infra/stack/bin/stack.mjs down --purge --workdir ${BENCH_DIR}`,
    );
    return;
  }
  log('stopping the bench stack and deleting its state…');
  await stopStack(true, log).catch((error: unknown) => log(`cleanup: ${(error as Error).message}`));
  for (const file of run.files) rmSync(file, { force: true });
}

function report(run: Run, machine: Omit<Machine, 'postgres' | 'loadAtEnd'>): void {
  const full: Machine = { ...machine, postgres: run.postgres, loadAtEnd: os.loadavg() };
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(formatReport(run.rows, full, seconds, run.options.quick));
  const json = path.join(BENCH_DIR, 'report.json');
  const body = {
    date: new Date().toISOString(),
    seconds,
    options: run.options,
    machine: full,
    published: PUBLISHED,
    rows: run.rows,
    results: run.results,
  };
  // NaN (a failed figure) is not JSON; null says the same.
  writeFileSync(
    json,
    `${JSON.stringify(body, (_, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? null : v), 2)}\n`,
  );
  log(`report written to ${json}`);
}

let options: IngestOptions | 'help';
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
const run: Run = { options, log, rows: [], results: {}, failures: 0, postgres: '?', files: [] };
const machine = machineNow();
log(
  `bench:ingest: sizes ${options.sizes.map((s) => s.toLocaleString('en')).join(', ')}; ${machine.cores} cores, load ${machine.loadAtStart[0]!.toFixed(2)}`,
);
let stopping = false;
const interrupt = (signal: NodeJS.Signals): void => {
  // A second Ctrl+C must not kill the cleanup half-way and leave the stack running.
  if (stopping) return log(`${signal}: still cleaning up…`);
  stopping = true;
  stopStarting();
  log(`${signal}: cleaning up…`);
  void cleanup(run, false).finally(() => process.exit(130));
};
process.on('SIGINT', interrupt);
process.on('SIGTERM', interrupt);
try {
  await runScenarios(run);
  if (!stopping) report(run, machine);
} catch (error) {
  run.failures++;
  log(`bench:ingest failed: ${(error as Error).message}`);
  if (!stopping && run.rows.length > 0) report(run, machine);
}
if (!stopping) {
  await cleanup(run, run.failures > 0);
  process.exit(run.failures > 0 ? 1 : 0);
}
