/**
 * Latency budgets of the thresholds. The numbers are the contract of a loaded run (average and up);
 * a smoke run is one VU on whatever machine runs `npm test`, so it is held to five times the budget:
 * it proves the path works and is not pathologically slow, not how fast it is.
 */
import { PROFILE } from './env.ts';

const SLACK = PROFILE === 'smoke' ? 5 : 1;

/** `p(95)<…` (and `p(99)<…` when given), in ms, scaled for smoke runs. */
export function latency(p95: number, p99?: number): string[] {
  return [`p(95)<${p95 * SLACK}`, ...(p99 ? [`p(99)<${p99 * SLACK}`] : [])];
}
