/**
 * The scenario sequence of `npm run bench:ingest`: MITRE ATT&CK on a fresh database, then for each
 * size of synthetic ThreatFox CSV, on a fresh database again: ingest, table sizes (largest size),
 * re-import of the unchanged file and the same file from a second source (the provenance size),
 * lookups by value (largest size). A scenario that fails becomes a row and the next one runs.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, prepareBenchDir, resetStack, type BenchStack } from './bench-stack.js';
import {
  attackRows,
  failedRow,
  floorRows,
  generatorRow,
  ingestRows,
  lookupRows,
  reimportRow,
  secondSourceRows,
  tableRows,
} from './figures.js';
import { measureFloor } from './floor.js';
import { generateThreatFoxCsv } from './generate.js';
import { measureLookups } from './lookups.js';
import { huntRows, measureHunt, measureTelemetryWithLists, telemetryWithListsRows } from './matching.js';
import type { IngestOptions } from './options.js';
import type { Row } from './report.js';
import {
  attack,
  ATTACK_FILE,
  ingest,
  reimport,
  secondSource,
  serverVersion,
  tableSizes,
} from './scenarios.js';

type Log = (line: string) => void;

export interface Run {
  options: IngestOptions;
  log: Log;
  rows: Row[];
  /** Raw results by scenario, for report.json. */
  results: Record<string, unknown>;
  failures: number;
  postgres: string;
  /** Generated files, deleted at the end unless --keep. */
  files: string[];
}

let stopping = false;
/** After Ctrl+C nothing new starts: cleanup's `down --purge` must be the last word on the stack. */
export function stopStarting(): void {
  stopping = true;
}

/** Runs one scenario; a failure becomes a row and the run goes on with the next scenario. */
async function scenario<T>(run: Run, name: string, work: () => Promise<T>): Promise<T | undefined> {
  if (stopping) throw new Error('interrupted');
  const t0 = performance.now();
  run.log(`${name}…`);
  try {
    const result = await work();
    run.log(`${name}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return result;
  } catch (error) {
    run.failures++;
    run.log(`${name}: FAILED: ${(error as Error).message}`);
    run.rows.push(failedRow(name, error));
    return undefined;
  }
}

async function freshStack(run: Run, why: string): Promise<BenchStack> {
  if (stopping) throw new Error('interrupted');
  run.log(`fresh bench stack for ${why} (stack reset)…`);
  const stack = await resetStack(run.log);
  if (run.postgres === '?') run.postgres = await serverVersion(stack);
  return stack;
}

export async function runScenarios(run: Run): Promise<void> {
  const { options, log } = run;
  await prepareBenchDir(log);
  if (options.skipAttack) log('ATT&CK: skipped (--skip-attack)');
  else if (!existsSync(ATTACK_FILE))
    run.rows.push(failedRow('ATT&CK enterprise v18.1', new Error(`${ATTACK_FILE} not found`)));
  else {
    const stack = await freshStack(run, 'ATT&CK');
    const step = await scenario(run, 'ATT&CK enterprise bundle', () => attack(stack, log));
    if (step) run.rows.push(...attackRows(step));
    run.results.attack = step;
  }
  const largest = options.sizes[options.sizes.length - 1]!;
  for (const size of options.sizes) {
    const results: Record<string, unknown> = {};
    run.results[`threatfox ${size}`] = results;
    const name = path.join(BENCH_DIR, `threatfox-${size}.csv`);
    run.files.push(name);
    const file = await scenario(run, `generating ${size.toLocaleString('en')} ThreatFox rows`, () =>
      generateThreatFoxCsv(name, size),
    );
    if (!file) continue;
    results.generated = file;
    run.rows.push(generatorRow(file));
    const stack = await freshStack(run, `${size.toLocaleString('en')} rows`);
    const fresh = await scenario(run, `ingest ${size.toLocaleString('en')}`, () => ingest(stack, file, log));
    results.ingest = fresh;
    if (!fresh) continue;
    run.rows.push(...ingestRows(size, fresh));
    const floor = await scenario(
      run,
      `floor at ${size.toLocaleString('en')} (COPY into an unlogged table)`,
      () => measureFloor(stack, path.join(BENCH_DIR, `floor-${size}.copy`), log),
    );
    results.floor = floor;
    if (floor) run.rows.push(...floorRows(size, fresh, floor));
    let indicators = size - file.duplicates;
    if (size === largest) {
      const sizes = await scenario(run, 'table sizes', () => tableSizes(stack));
      results.tableSizes = sizes;
      if (sizes) run.rows.push(...tableRows(size, sizes));
      if (sizes) indicators = sizes.indicators.rows;
    }
    if (size === options.provenanceSize) {
      const again = await scenario(run, 're-import of the unchanged file', () => reimport(stack, file, log));
      results.reimport = again;
      if (again) run.rows.push(reimportRow(size, again));
      const second = await scenario(run, 'the same file from a second source', () =>
        secondSource(stack, file, log),
      );
      results.secondSource = second;
      if (second) run.rows.push(...secondSourceRows(size, second));
    }
    if (size === largest) {
      const lookups = await scenario(run, 'lookups by value', () => measureLookups(stack, log));
      results.lookups = lookups;
      if (lookups) run.rows.push(...lookupRows(indicators, lookups));
      const hunt = await scenario(run, 'threat hunt', () => measureHunt(stack, log));
      results.hunt = hunt;
      if (hunt) run.rows.push(...huntRows(indicators, hunt));
      const telemetry = await scenario(run, 'telemetry matching, without and with warninglists', () =>
        measureTelemetryWithLists(stack, log),
      );
      results.telemetry = telemetry;
      if (telemetry) run.rows.push(...telemetryWithListsRows(indicators, telemetry));
      run.files.push(path.join(BENCH_DIR, 'telemetry-eve.json'));
    }
    // The next size starts from an empty database; its file is no longer needed.
    if (!options.keep) rmSync(name, { force: true });
  }
}
