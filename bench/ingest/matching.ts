/**
 * The matching engine at the largest size: telemetry (Suricata EVE generated from the database's
 * own indicators, imported with the CLI as an operator would: parse, match, sightings, alerts) and
 * the hunt (10,000 pasted values, half known, checked by `hunt_indicators` as a signed-in analyst,
 * RLS applied), first on a cold cache and then again. Telemetry runs three times in one session:
 * without warninglists, with all of the shared lists imported (every match judged against them),
 * and without them again, so the lists' cost is read against the mean of the runs around it.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { generateDemoEve } from '../../intel/src/telemetry/demo-telemetry.js';
import { sharedFile } from '../../intel/src/testing/shared-data.js';
import { percentile } from '../stack/stats.js';
import { BENCH_DIR, type BenchStack } from './bench-stack.js';
import { runImporter } from './importer.js';
import type { Row } from './report.js';

export const TELEMETRY_EVENTS = 1_000_000;
export const HUNT_VALUES = 10_000;
export const TELEMETRY_TARGET_PER_SECOND = 20_000;
export const HUNT_TARGET_MS = 1000;
/** Issue 26: matching with the full warninglists stays within 10 % of matching without them. */
export const LISTS_TARGET_RATIO = 0.9;

type Log = (line: string) => void;

export interface TelemetryResult {
  events: number;
  seconds: number;
  wallSeconds: number;
  peakRssMb: number;
  matchedEvents: number;
  sightings: number;
  alerts: number;
}

export interface HuntResult {
  values: number;
  known: number;
  /** Milliseconds per run: the first on a cold cache, then the repeats. */
  runs: number[];
  matched: number;
}

export interface TelemetryWithListsResult {
  /** Rounds in ABAB order: lists switched off, on, off, on. */
  without: TelemetryResult[];
  withLists: TelemetryResult[];
  lists: number;
  listEntries: number;
}

type SampledIndicator = { type: 'ipv4' | 'domain' | 'url' | 'sha256' | 'md5'; value: string };

/**
 * The lists' cost on matching, read in one session on one sample: every shared list is imported
 * first and the database settled (vacuum analyze), then four rounds of the same events (each
 * under sensors of its own) alternate the lists off and on (`warninglists.enabled`, one update).
 */
export async function measureTelemetryWithLists(
  stack: BenchStack,
  log: Log,
): Promise<TelemetryWithListsResult> {
  log('  importing every shared MISP warninglist…');
  await runImporter(sharedFile('misp-warninglists'), {
    dbUrl: stack.dbUrl,
    source: 'MISP warninglists',
    format: 'misp-warninglist',
    log,
  });
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ lists: string; entries: string }>(
      `select count(*) as lists, coalesce(sum(entry_count), 0) as entries from public.warninglists`,
    );
    const lists = Number(rows[0]!.lists);
    const listEntries = Number(rows[0]!.entries);
    log(`  ${n(lists)} lists, ${n(listEntries)} entries; settling (vacuum analyze)…`);
    await db.query('vacuum (analyze) public.warninglists, public.warninglist_entries');
    const { rows: indicators } = await db.query<SampledIndicator>(
      `select type, value from public.indicators tablesample system (1)
        where type in ('ipv4', 'domain', 'url', 'sha256', 'md5') limit 2000`,
    );
    const result: TelemetryWithListsResult = { without: [], withLists: [], lists, listEntries };
    for (const [round, enabled] of [
      ['a', false],
      ['b', true],
      ['c', false],
      ['d', true],
    ] as const) {
      await db.query('update public.warninglists set enabled = $1', [enabled]);
      log(`  round ${round}: lists ${enabled ? 'on' : 'off'}`);
      (enabled ? result.withLists : result.without).push(
        await measureTelemetry(stack, log, indicators, round),
      );
    }
    return result;
  } finally {
    await db.end();
  }
}

/** One telemetry import; `round` names its sensors, so each round records sightings of its own. */
export async function measureTelemetry(
  stack: BenchStack,
  log: Log,
  indicators: SampledIndicator[],
  round: string,
): Promise<TelemetryResult> {
  const file = path.join(BENCH_DIR, 'telemetry-eve.json');
  const now = Date.now();
  const lines = generateDemoEve(indicators, {
    seed: 11,
    events: TELEMETRY_EVENTS,
    start: new Date(now - 24 * 3_600_000).toISOString(),
    end: new Date(now).toISOString(),
    sensors: [`bench-ids-1${round}`, `bench-ids-2${round}`, `bench-fw-3${round}`],
    hitRate: 0.01,
  });
  writeFileSync(file, `${lines.join('\n')}\n`);
  log(
    `  ${lines.length.toLocaleString('en')} EVE events written (1% contact one of ${indicators.length} indicators)`,
  );
  const run = await runImporter(file, {
    dbUrl: stack.dbUrl,
    source: 'bench telemetry',
    format: 'suricata-eve',
    log,
  });
  const counts = run.summary.counts as { events: number; matchedEvents: number; alerts: number };
  return {
    events: counts.events,
    seconds: run.summary.seconds,
    wallSeconds: run.wallSeconds,
    peakRssMb: run.peakRssMb,
    matchedEvents: counts.matchedEvents,
    sightings: run.summary.inserted,
    alerts: counts.alerts,
  };
}

export async function measureHunt(stack: BenchStack, log: Log): Promise<HuntResult> {
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  try {
    const known = HUNT_VALUES / 2;
    const { rows } = await db.query<{ type: string; value: string }>(
      `select type::text, value from public.indicators tablesample system (2) limit $1`,
      [known],
    );
    const types = rows.map((r) => r.type);
    const values = rows.map((r) => r.value);
    for (let i = rows.length; i < HUNT_VALUES; i++) {
      types.push('domain');
      values.push(`absent-${i}.example`);
    }
    // As the page calls it: a signed-in analyst (RLS on; no admin, so TLP:RED stays hidden).
    const sub = randomUUID();
    const runs: number[] = [];
    let matched = 0;
    for (let i = 0; i < 5; i++) {
      await db.query('begin');
      await db.query('set local role authenticated');
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub, role: 'authenticated' }),
      ]);
      const started = performance.now();
      const answer = await db.query(
        'select * from public.hunt_indicators($1::public.indicator_type[], $2::text[])',
        [types, values],
      );
      runs.push(performance.now() - started);
      await db.query('rollback');
      matched = answer.rowCount ?? 0;
      log(`  hunt run ${i + 1}: ${runs.at(-1)!.toFixed(0)} ms, ${matched} matched`);
    }
    return { values: HUNT_VALUES, known: rows.length, runs, matched };
  } finally {
    await db.end();
  }
}

const n = (x: number): string => x.toLocaleString('en');

export function telemetryWithListsRows(indicators: number, result: TelemetryWithListsResult): Row[] {
  const rate = (runs: TelemetryResult[]) =>
    runs.reduce((sum, r) => sum + r.events / r.seconds, 0) / runs.length;
  const without = rate(result.without);
  const withLists = rate(result.withLists);
  const ratio = withLists / without;
  const last = result.withLists.at(-1)!;
  return [
    ...telemetryRows(indicators, result.without[0]!),
    {
      ...telemetryRows(indicators, last)[0]!,
      scenario: `telemetry matching at ${n(indicators)} indicators, ${n(result.lists)} warninglists on`,
      notes:
        `${n(result.listEntries)} list entries; ${n(last.matchedEvents)} matched → ` +
        `${n(last.sightings)} sightings, ${n(last.alerts)} alerts (the listed ones suppressed)`,
    },
    {
      scenario: 'warninglists cost on matching',
      figure: 'lists on / off (mean of two rounds each, ABAB)',
      value: ratio,
      unit: '×',
      digits: 2,
      target: { text: `≥ ${LISTS_TARGET_RATIO}`, pass: ratio >= LISTS_TARGET_RATIO },
      notes:
        `${withLists.toFixed(0)}/s on (${result.withLists.map((r) => (r.events / r.seconds).toFixed(0)).join(', ')}), ` +
        `${without.toFixed(0)}/s off (${result.without.map((r) => (r.events / r.seconds).toFixed(0)).join(', ')})`,
    },
  ];
}

export function telemetryRows(indicators: number, result: TelemetryResult): Row[] {
  const perSecond = result.events / result.seconds;
  return [
    {
      scenario: `telemetry matching at ${n(indicators)} indicators`,
      figure: 'EVE events matched /s',
      value: perSecond,
      unit: '/s',
      digits: 0,
      target: {
        text: `≥ ${n(TELEMETRY_TARGET_PER_SECOND)}/s`,
        pass: perSecond >= TELEMETRY_TARGET_PER_SECOND,
      },
      notes:
        `${n(result.events)} events in ${result.seconds.toFixed(1)} s (wall ${result.wallSeconds.toFixed(1)} s), ` +
        `${n(result.matchedEvents)} matched → ${n(result.sightings)} sightings, ${n(result.alerts)} alerts; ` +
        `peak RSS ${result.peakRssMb.toFixed(0)} MB`,
    },
  ];
}

export function huntRows(indicators: number, result: HuntResult): Row[] {
  const [cold, ...warm] = result.runs;
  const p50 = percentile(warm, 50);
  return [
    {
      scenario: `hunt at ${n(indicators)} indicators`,
      figure: `${n(result.values)} values, first run`,
      value: cold!,
      unit: 'ms',
      digits: 0,
      target: { text: `< ${HUNT_TARGET_MS} ms`, pass: cold! < HUNT_TARGET_MS },
      notes: `${n(result.known)} known values, ${n(result.matched)} matched; cold cache (values drawn at random)`,
    },
    {
      scenario: `hunt at ${n(indicators)} indicators`,
      figure: `${n(result.values)} values, again`,
      value: p50,
      unit: 'ms',
      digits: 0,
      target: { text: `< ${HUNT_TARGET_MS} ms`, pass: p50 < HUNT_TARGET_MS },
      notes: `median of ${warm.length} repeats: ${n(Math.round((result.values / p50) * 1000))} values/s`,
    },
  ];
}
