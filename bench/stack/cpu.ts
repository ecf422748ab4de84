/**
 * CPU time per request, from /proc: where a target's time goes (its own Node process versus the
 * Postgres backends serving it) without a profiler. On a 2-core machine req/s alone cannot tell a
 * slow server from a starved one; CPU-µs per request can, because it does not count waiting.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

interface ProcStat {
  ppid: number;
  /** utime + stime in clock ticks. */
  ticks: number;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces: fields are counted after its closing paren.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** CPU milliseconds used so far by `pid` (its threads included), or NaN when it is gone. */
export function processCpuMs(pid: number): number {
  const stat = procStat(pid);
  return stat ? (stat.ticks * 1000) / clockTicks() : Number.NaN;
}

/**
 * CPU milliseconds used so far by the children of the postmaster (backends, walsenders,
 * background workers). Backends that exited in between are not counted; the pools keep theirs.
 */
export function postgresCpuMs(postmasterPid: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat?.ppid === postmasterPid) ticks += stat.ticks;
  }
  return (ticks * 1000) / clockTicks();
}

/** The postmaster's pid from `postmaster.pid` in the data directory. */
export function postmasterPid(pgData: string): number | undefined {
  try {
    const pid = Number(readFileSync(`${pgData}/postmaster.pid`, 'utf8').split('\n')[0]);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export interface CpuProbe {
  /** The server process of the target (gateway or floor). */
  serverPid?: number;
  postmasterPid?: number;
}

export interface CpuSample {
  serverMs: number;
  postgresMs: number;
}

export function sampleCpu(probe: CpuProbe): CpuSample {
  return {
    serverMs: probe.serverPid === undefined ? Number.NaN : processCpuMs(probe.serverPid),
    postgresMs: probe.postmasterPid === undefined ? Number.NaN : postgresCpuMs(probe.postmasterPid),
  };
}
