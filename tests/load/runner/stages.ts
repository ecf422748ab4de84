/** Stages as k6 reads them: a linear ramp from the previous target to each stage's target. */
import { parseDuration } from './duration.js';

export interface Stage {
  duration: string;
  target: number;
}

export function stagesDurationMs(stages: readonly Stage[]): number {
  return stages.reduce((sum, stage) => sum + parseDuration(stage.duration), 0);
}

/** The value the stages ask for `atMs` after the start, starting from `start`. */
export function valueAt(stages: readonly Stage[], start: number, atMs: number): number {
  let from = start;
  let offset = 0;
  for (const stage of stages) {
    const length = parseDuration(stage.duration);
    if (atMs < offset + length) return from + (stage.target - from) * ((atMs - offset) / length);
    offset += length;
    from = stage.target;
  }
  return from;
}

/**
 * Iterations an arrival-rate executor has to have started by `atMs`: the integral of the rate
 * (per `timeUnitMs`) over the stages, the rate ramping linearly within each stage.
 */
export function arrivalsBy(
  stages: readonly Stage[],
  startRate: number,
  timeUnitMs: number,
  atMs: number,
): number {
  let from = startRate;
  let offset = 0;
  let total = 0;
  for (const stage of stages) {
    const length = parseDuration(stage.duration);
    const span = Math.min(length, Math.max(0, atMs - offset));
    const rateAtEnd = from + (stage.target - from) * (span / (length || 1));
    total += ((from + rateAtEnd) / 2) * (span / timeUnitMs);
    if (atMs < offset + length) return total;
    offset += length;
    from = stage.target;
  }
  return total;
}
