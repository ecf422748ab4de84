/**
 * Runs the real importer CLI (`intel import … --json`) as its own process, as an operator would,
 * and watches it from /proc: the peak resident set is the memory figure the target speaks of.
 * The CLI is started with node directly (not through npm), so the pid watched is the importer's.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/setup.mjs';

const INTEL_BIN = path.join(ROOT, 'intel', 'bin', 'intel.mjs');
const POLL_MS = 100;
const HEARTBEAT_MS = 15_000;
/** Linux reports CPU times in USER_HZ ticks, 100 a second on every mainstream architecture. */
const TICKS_PER_SECOND = 100;

/** The importer's `--json` line (intel/src/cli/import-command.ts jsonResult). */
export interface ImportSummary {
  format: string;
  source: string;
  status: string;
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  ignored: number;
  rejects: { where: string; reason: string }[];
  counts: Record<string, unknown>;
  seconds: number;
  error?: string;
}

export interface ImportRun {
  summary: ImportSummary;
  /** From spawn to exit: node start-up and the CLI's loading included. */
  wallSeconds: number;
  /** max(VmRSS over the 100 ms samples, VmHWM at the last sample), MiB. */
  peakRssMb: number;
  /** User + system CPU of the importer process (its threads included) at the last sample. */
  cpuSeconds: number;
}

interface Sample {
  rssKb: number;
  hwmKb: number;
  cpuTicks: number;
}

/** The importer's memory and CPU now; undefined once it has exited. */
function sample(pid: number): Sample | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const now = { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM'), cpuTicks: Number(fields[11]) + Number(fields[12]) };
    // An exited process not yet reaped (a zombie) has no memory lines any more.
    return Number.isNaN(now.rssKb) || Number.isNaN(now.hwmKb) ? undefined : now;
  } catch {
    return undefined;
  }
}

function parseSummary(line: string): ImportSummary | undefined {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null) return undefined;
    const summary = value as ImportSummary;
    return typeof summary.records === 'number' && typeof summary.seconds === 'number' ? summary : undefined;
  } catch {
    return undefined;
  }
}

/** Imports `file` under `source`; rejects when the importer fails, with its own message. */
export function runImporter(
  file: string,
  options: { dbUrl: string; source: string; format: string; log: (line: string) => void },
): Promise<ImportRun> {
  const args = ['import', file, '--format', options.format, '--source', options.source];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [INTEL_BIN, ...args, '--json', '--db-url', options.dbUrl], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let maxRssKb = 0;
    let last: Sample | undefined;
    const poll = () => {
      const now = child.pid === undefined ? undefined : sample(child.pid);
      if (!now) return;
      last = now;
      maxRssKb = Math.max(maxRssKb, now.rssKb);
    };
    const poller = setInterval(poll, POLL_MS);
    const heartbeat = setInterval(() => {
      const seconds = (performance.now() - started) / 1000;
      options.log(`  … importing for ${seconds.toFixed(0)} s, RSS ${(maxRssKb / 1024).toFixed(0)} MB so far`);
    }, HEARTBEAT_MS);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    // Only the end matters (the error); the importer may log a lot on a bad file.
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8000)));
    child.on('error', (error) => {
      clearInterval(poller);
      clearInterval(heartbeat);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearInterval(poller);
      clearInterval(heartbeat);
      const wallSeconds = (performance.now() - started) / 1000;
      const lines = stdout.trim().split('\n');
      const summary = parseSummary(lines[lines.length - 1] ?? '');
      if (code !== 0 || !summary) {
        const why = summary?.error ?? (stderr.trim().split('\n').slice(-12).join('\n') || stdout.slice(-500));
        reject(new Error(`intel ${args.join(' ')} failed (${signal ?? `exit ${code}`}): ${why}`));
        return;
      }
      resolve({
        summary,
        wallSeconds,
        peakRssMb: Math.max(maxRssKb, last?.hwmKb ?? 0) / 1024,
        cpuSeconds: (last?.cpuTicks ?? NaN) / TICKS_PER_SECOND,
      });
    });
  });
}
