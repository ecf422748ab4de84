/**
 * Restart back-off shared by everything that restarts a process (the edge-function processes, the
 * supervisor's gateway): 0.5 s after the first crash, doubling to at most 30 s while crashes continue.
 */
const FIRST_RESTART_MS = 500;
const MAX_RESTART_MS = 30_000;

export function restartDelay(consecutiveFailures: number): number {
  return Math.min(MAX_RESTART_MS, FIRST_RESTART_MS * 2 ** Math.max(0, consecutiveFailures - 1));
}
