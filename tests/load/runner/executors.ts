/**
 * The executors the scripts use, scheduled as k6 documents them: constant-vus, ramping-vus,
 * constant-arrival-rate, ramping-arrival-rate, per-vu-iterations and shared-iterations; each stops
 * starting work at its end and hard-stops what is left after gracefulStop.
 */
import { parseDuration } from './duration.js';
import { registry } from './registry.js';
import { arrivalsBy, stagesDurationMs, valueAt, type Stage } from './stages.js';
import { Vu, type ScenarioRun } from './vu.js';

export interface ScenarioOptions {
  executor: string;
  exec?: string;
  vus?: number;
  duration?: string;
  iterations?: number;
  maxDuration?: string;
  stages?: Stage[];
  startVUs?: number;
  rate?: number;
  startRate?: number;
  timeUnit?: string;
  preAllocatedVUs?: number;
  maxVUs?: number;
  startTime?: string;
  gracefulStop?: string;
  gracefulRampDown?: string;
  tags?: Record<string, string>;
  env?: Record<string, string>;
}

const TICK_MS = 5;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the running iterations up to gracefulStop, then interrupts the rest. */
async function wind(vus: Vu[], loops: Promise<unknown>[], gracefulStopMs: number): Promise<void> {
  const timer = pause(gracefulStopMs).then(() => vus.forEach((vu) => vu.stop()));
  await Promise.race([Promise.all(loops), timer]);
  vus.forEach((vu) => vu.stop());
  await Promise.all(loops);
  vus.forEach((vu) => vu.release());
}

export function scenarioDurationMs(options: ScenarioOptions): number {
  const graceful = parseDuration(options.gracefulStop, 30_000);
  const start = parseDuration(options.startTime, 0);
  switch (options.executor) {
    case 'ramping-vus':
    case 'ramping-arrival-rate':
      return start + stagesDurationMs(options.stages ?? []) + graceful;
    case 'per-vu-iterations':
    case 'shared-iterations':
      return start + parseDuration(options.maxDuration, 600_000) + graceful;
    default:
      return start + parseDuration(options.duration) + graceful;
  }
}

async function loopVus(run: ScenarioRun, options: ScenarioOptions, ended: AbortSignal): Promise<void> {
  const vus: Vu[] = [];
  const loops: Promise<unknown>[] = [];
  const start = Date.now();
  const stages = options.executor === 'ramping-vus' ? (options.stages ?? []) : undefined;
  const total = stages ? stagesDurationMs(stages) : parseDuration(options.duration);
  const target = (at: number) =>
    stages ? Math.round(valueAt(stages, options.startVUs ?? 1, at)) : (options.vus ?? 1);
  const loop = async (vu: Vu) => {
    while (!ended.aborted && !vu.retiring && Date.now() - start < total) await vu.iterate(run);
  };
  while (!ended.aborted && Date.now() - start < total) {
    const want = target(Date.now() - start);
    const working = vus.filter((vu) => !vu.retiring);
    for (let i = working.length; i < want; i += 1) {
      const retired = vus.find((vu) => vu.retiring && !vu.busy);
      const vu = retired ?? new Vu();
      vu.retiring = false;
      if (!retired) vus.push(vu);
      loops.push(loop(vu));
    }
    working.slice(want).forEach((vu) => (vu.retiring = true));
    await pause(stages ? 50 : Math.min(250, total));
  }
  await wind(vus, loops, ended.aborted ? 0 : parseDuration(options.gracefulStop, 30_000));
}

async function arrivals(run: ScenarioRun, options: ScenarioOptions, ended: AbortSignal): Promise<void> {
  const timeUnitMs = parseDuration(options.timeUnit, 1000);
  const stages =
    options.executor === 'ramping-arrival-rate'
      ? (options.stages ?? [])
      : [{ duration: options.duration ?? '0s', target: options.rate ?? 1 }];
  const startRate =
    options.executor === 'ramping-arrival-rate' ? (options.startRate ?? 0) : (options.rate ?? 1);
  const total = stagesDurationMs(stages);
  const maxVus = Math.max(options.maxVUs ?? 0, options.preAllocatedVUs ?? 1);
  const vus: Vu[] = Array.from({ length: options.preAllocatedVUs ?? 1 }, () => new Vu());
  const loops: Promise<unknown>[] = [];
  const start = Date.now();
  let started = 0;
  while (!ended.aborted) {
    const at = Math.min(Date.now() - start, total);
    const due = Math.floor(arrivalsBy(stages, startRate, timeUnitMs, at) + 1e-9);
    for (; started < due; started += 1) {
      let vu = vus.find((candidate) => !candidate.busy);
      if (!vu && vus.length < maxVus) vus.push((vu = new Vu()));
      if (!vu) {
        registry.add('dropped_iterations', 1, { scenario: run.name });
        continue;
      }
      vu.busy = true;
      loops.push(vu.iterate(run));
    }
    if (at >= total) break;
    await pause(TICK_MS);
  }
  await wind(vus, loops, ended.aborted ? 0 : parseDuration(options.gracefulStop, 30_000));
}

async function iterationsExecutor(
  run: ScenarioRun,
  options: ScenarioOptions,
  ended: AbortSignal,
): Promise<void> {
  const vus = Array.from({ length: options.vus ?? 1 }, () => new Vu());
  const deadline = Date.now() + parseDuration(options.maxDuration, 600_000);
  let left = options.iterations ?? 1;
  const loops = vus.map(async (vu) => {
    let mine = options.executor === 'per-vu-iterations' ? left : Infinity;
    while (!ended.aborted && Date.now() < deadline && mine > 0) {
      if (options.executor === 'shared-iterations') {
        if (left <= 0) break;
        left -= 1;
      } else mine -= 1;
      await vu.iterate(run);
    }
  });
  // gracefulStop counts from maxDuration, not from the start.
  await Promise.race([Promise.all(loops), pause(Math.max(0, deadline - Date.now()))]);
  await wind(vus, loops, ended.aborted ? 0 : parseDuration(options.gracefulStop, 30_000));
}

export async function runExecutor(
  run: ScenarioRun,
  options: ScenarioOptions,
  ended: AbortSignal,
): Promise<void> {
  await pause(parseDuration(options.startTime, 0));
  switch (options.executor) {
    case 'constant-vus':
    case 'ramping-vus':
      return loopVus(run, options, ended);
    case 'constant-arrival-rate':
    case 'ramping-arrival-rate':
      return arrivals(run, options, ended);
    case 'per-vu-iterations':
    case 'shared-iterations':
      return iterationsExecutor(run, options, ended);
    default:
      throw new Error(`The Node runner has no executor '${options.executor}'`);
  }
}
