/**
 * The machine's state while a figure was measured: the 1-minute load average at the end and the
 * share of CPU time the hypervisor stole meanwhile (the 8th field of the `cpu` line of /proc/stat,
 * proc(5)). On a shared machine these say how much of a figure is the code and how much the
 * neighbours; the floor ratio (floor.ts) is what compares across runs.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export interface MachineLoad {
  /** 1-minute load average when the measurement ended. */
  load: number;
  /** Percent of all CPU time stolen by the hypervisor during the measurement. */
  stealPercent: number;
  /** Percent of all CPU time idle during the measurement. */
  idlePercent: number;
}

function cpuTimes(): number[] {
  return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
}

/** Starts a measurement; the function returned ends it. */
export function watchMachine(): () => MachineLoad {
  const before = cpuTimes();
  return () => {
    const delta = cpuTimes().map((value, index) => value - (before[index] ?? 0));
    const total = delta.reduce((sum, value) => sum + value, 0) || 1;
    return {
      load: loadavg()[0]!,
      stealPercent: (100 * (delta[7] ?? 0)) / total,
      idlePercent: (100 * ((delta[3] ?? 0) + (delta[4] ?? 0))) / total,
    };
  };
}

export const loadText = (m: MachineLoad | undefined): string =>
  m
    ? `load ${m.load.toFixed(1)}, steal ${m.stealPercent.toFixed(1)} %, idle ${m.idlePercent.toFixed(0)} %`
    : '';
