/**
 * Runs the real importer CLI as a child process (what an operator runs) and samples its memory
 * from /proc: peak resident set (VmHWM) is the figure the target speaks of.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const INTEL_BIN = path.resolve(import.meta.dirname, '../../intel/bin/intel.mjs');

export interface ImportFigures {
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  seconds: number;
  peakRssMb: number;
}

function peakRss(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

export function runImporter(
  file: string,
  dbUrl: string,
  source: string,
  extra: string[] = [],
): Promise<ImportFigures> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      [INTEL_BIN, 'import', file, '--json', '--source', source, '--db-url', dbUrl, ...extra],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, peakRss(child.pid!))), 100);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => {
      clearInterval(sampler);
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`the importer exited ${code}: ${stderr.slice(-500)}`));
      const json = JSON.parse(last) as Omit<ImportFigures, 'peakRssMb' | 'seconds'>;
      resolve({ ...json, seconds: (Date.now() - started) / 1000, peakRssMb: peak });
    });
  });
}
