/** Scenario results → report rows, with the targets of the ingestion work and their verdicts. */
import type { GeneratedFile } from './generate.js';
import type { LookupResult, Spread } from './lookups.js';
import { REIMPORT_SIZE } from './options.js';
import type { FloorResult } from './floor.js';
import { loadText } from './machine-load.js';
import { versusAttack, versusIndicators, type Row } from './report.js';
import type { SecondSourceStep, Step, TableSizes } from './scenarios.js';

export const TARGETS = {
  indicatorsPerSecond: 50_000,
  peakRssMb: 300,
  reimportSeconds: 15,
  secondSourceSeconds: 30,
  lookupP95Ms: 5,
  attackSeconds: 20,
  generatorRowsPerSecond: 500_000,
};

const n = (x: number): string => x.toLocaleString('en');
const mb = (bytes: number): number => bytes / 2 ** 20;
const checks = (step: { problems: string[] }): string =>
  step.problems.length === 0 ? 'checks ok' : `CHECK FAILED: ${step.problems.join('; ')}`;

export function failedRow(scenario: string, error: unknown): Row {
  const message = (error as Error).message.split('\n').slice(0, 3).join(' ');
  return { scenario, figure: '', value: Number.NaN, unit: '', digits: 0, notes: message };
}

/** Below this the generator's time is mostly JIT warm-up (and under a second): no verdict. */
const GENERATOR_TARGET_FROM = 1_000_000;

export function generatorRow(file: GeneratedFile): Row {
  const rate = file.rows / file.seconds;
  const applies = file.rows >= GENERATOR_TARGET_FROM;
  const share = ((100 * file.duplicates) / file.rows).toFixed(1);
  return {
    scenario: `generate ${n(file.rows)} rows`,
    figure: 'rows/s',
    value: rate,
    unit: '',
    digits: 0,
    target: {
      text: `≥ ${n(TARGETS.generatorRowsPerSecond)}${applies ? '' : ' at 1M'}`,
      pass: applies ? rate >= TARGETS.generatorRowsPerSecond : undefined,
    },
    notes: `${mb(file.bytes).toFixed(0)} MB, ${n(file.duplicates)} re-reports (${share} %)`,
  };
}

function stepNotes(step: Step): string {
  const s = step.run.summary;
  return (
    `+${n(s.inserted)} ~${n(s.updated)} =${n(s.unchanged)} ✗${n(s.rejected)}; importer ${s.seconds.toFixed(1)} s, ` +
    `CPU ${step.run.cpuSeconds.toFixed(0)} s; ${loadText(step.machine)}; ${checks(step)}`
  );
}

/** The wall time of one importer run, process start to exit. */
function wallTimeRow(scenario: string, step: Step, target?: Row['target']): Row {
  return {
    scenario,
    figure: 'wall time',
    value: step.run.wallSeconds,
    unit: 's',
    digits: 1,
    ...(target ? { target } : {}),
    notes: stepNotes(step),
  };
}

export function ingestRows(size: number, step: Step): Row[] {
  const scenario = `ingest ${n(size)}`;
  return [
    wallTimeRow(scenario, step),
    {
      scenario,
      figure: 'indicators/s',
      value: step.perSecond,
      unit: '',
      digits: 0,
      target: {
        text: `≥ ${n(TARGETS.indicatorsPerSecond)}`,
        pass: step.perSecond >= TARGETS.indicatorsPerSecond,
      },
      versus: versusIndicators(step.perSecond),
      notes: `records / seconds of the importer’s JSON; ${loadText(step.machine)}`,
    },
    {
      scenario,
      figure: 'importer peak RSS',
      value: step.run.peakRssMb,
      unit: 'MB',
      digits: 0,
      target: { text: `≤ ${TARGETS.peakRssMb} MB`, pass: step.run.peakRssMb <= TARGETS.peakRssMb },
      notes: 'max VmRSS of 100 ms samples and VmHWM at the last one',
    },
  ];
}

export function reimportRow(size: number, step: Step): Row {
  const applies = size === REIMPORT_SIZE;
  return wallTimeRow(`re-import ${n(size)} unchanged`, step, {
    text: applies ? `≤ ${TARGETS.reimportSeconds} s` : `≤ ${TARGETS.reimportSeconds} s at 1M`,
    pass: applies ? step.run.wallSeconds <= TARGETS.reimportSeconds : undefined,
  });
}

export function secondSourceRows(size: number, step: SecondSourceStep): Row[] {
  const scenario = `same ${n(size)} from a 2nd source`;
  const applies = size === REIMPORT_SIZE;
  return [
    wallTimeRow(scenario, step, {
      text: `≤ ${TARGETS.secondSourceSeconds} s${applies ? '' : ' at 1M'}`,
      pass: applies ? step.run.wallSeconds <= TARGETS.secondSourceSeconds : undefined,
    }),
    {
      scenario,
      figure: 'records/s',
      value: step.perSecond,
      unit: '',
      digits: 0,
      versus: versusIndicators(step.perSecond),
      notes: `${n(step.provenanceAdded)} provenance rows added, ${n(step.indicatorsChanged)} indicators changed`,
    },
  ];
}

const spreadNotes = (s: Spread): string =>
  `p50 ${s.p50.toFixed(2)}, p99 ${s.p99.toFixed(2)}, max ${s.max.toFixed(2)} ms over ${n(s.n)}`;

export function lookupRows(indicators: number, result: LookupResult): Row[] {
  const scenario = `lookup by value at ${n(indicators)}`;
  const server = (label: string, s: Spread, extra: string): Row => ({
    scenario,
    figure: `${label} server p95`,
    value: s.p95,
    unit: 'ms',
    digits: 2,
    target: { text: `< ${TARGETS.lookupP95Ms} ms`, pass: s.p95 < TARGETS.lookupP95Ms },
    notes: `${spreadNotes(s)} (planning + execution)${extra}`,
  });
  const rest = (label: string, s: Spread): Row => ({
    scenario,
    figure: `${label} REST p95`,
    value: s.p95,
    unit: 'ms',
    digits: 1,
    notes: `p50 ${s.p50.toFixed(1)} ms; wall time of GET /rest/v1/indicators?value=eq.… (service role)`,
  });
  const answers = result.wrongAnswers === 0 ? '' : `; CHECK FAILED: ${result.wrongAnswers} wrong answers`;
  return [
    server('existing', result.server.present, `; ${result.plan}${answers}`),
    server('absent', result.server.absent, ''),
    rest('existing', result.rest.present),
    rest('absent', result.rest.absent),
  ];
}

export function tableRows(size: number, sizes: TableSizes): Row[] {
  const row = (name: string, t: TableSizes['indicators']): Row => ({
    scenario: `tables after ingest ${n(size)}`,
    figure: name,
    value: mb(t.bytes),
    unit: 'MB',
    digits: 0,
    notes: `${n(t.rows)} rows, indexes ${mb(t.indexBytes).toFixed(0)} MB, ${(t.bytes / Math.max(t.rows, 1)).toFixed(0)} B/row`,
  });
  return [row('indicators', sizes.indicators), row('indicator_sources', sizes.indicatorSources)];
}

export function attackRows(step: Step): Row[] {
  const scenario = 'ATT&CK enterprise v18.1';
  const s = step.run.summary;
  return [
    wallTimeRow(scenario, step, {
      text: `< ${TARGETS.attackSeconds} s`,
      pass: step.run.wallSeconds < TARGETS.attackSeconds,
    }),
    {
      scenario,
      figure: 'objects/s',
      value: step.perSecond,
      unit: '',
      digits: 0,
      versus: versusAttack(step.perSecond),
      notes: `${n(s.records)} records in ${s.seconds.toFixed(1)} s (importer), peak RSS ${step.run.peakRssMb.toFixed(0)} MB`,
    },
  ];
}

/** The floor (floor.ts) and the ingest as a share of it. */
export function floorRows(size: number, step: Step, floor: FloorResult): Row[] {
  return [
    {
      scenario: `floor at ${n(size)}`,
      figure: 'COPY rows/s',
      value: floor.perSecond,
      unit: '',
      digits: 0,
      notes:
        `${n(floor.rows)} stored rows (${mb(floor.bytes).toFixed(0)} MB) into an unlogged, unindexed table; ` +
        `${floor.seconds.map((s) => s.toFixed(2)).join(' / ')} s, median; ${loadText(floor.machine)}`,
    },
    {
      scenario: `ingest ${n(size)}`,
      figure: 'ratio to the floor',
      value: step.perSecond / floor.perSecond,
      unit: '',
      digits: 3,
      notes: `${n(Math.round(step.perSecond))} indicators/s ÷ ${n(Math.round(floor.perSecond))} COPY rows/s (compare this across machines)`,
    },
  ];
}
