/** How sources and their runs read: reliability, schedule, age, duration, what started a run. */
import type { SourceRun } from '@/features/sources/api/get-source-runs';

export const RELIABILITY_LABELS = {
  A: 'Completely reliable',
  B: 'Usually reliable',
  C: 'Fairly reliable',
  D: 'Not usually reliable',
  E: 'Unreliable',
  F: 'Reliability cannot be judged',
} as const;

export type Reliability = keyof typeof RELIABILITY_LABELS;
export const RELIABILITIES = Object.keys(RELIABILITY_LABELS) as Reliability[];

export const TLP_LEVELS = ['clear', 'green', 'amber', 'amber+strict', 'red'] as const;

const UNITS: [seconds: number, one: string][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

function amount(seconds: number): string {
  for (const [size, one] of UNITS) {
    if (seconds >= size && seconds % size === 0) {
      const count = seconds / size;
      return count === 1 ? one : `${count} ${one}s`;
    }
  }
  return `${seconds} seconds`;
}

/** 3600 → "Every hour", 604800 → "Every 7 days", null → "On demand". */
export function scheduleText(seconds: number | null): string {
  return seconds ? `Every ${amount(seconds)}` : 'On demand';
}

/** How long ago (or, for the future, in how long), in the largest whole unit: "3 h ago", "in 20 min". */
export function ageText(iso: string, now = Date.now()): string {
  const delta = Math.round((now - new Date(iso).getTime()) / 1000);
  const abs = Math.abs(delta);
  const value =
    abs < 60
      ? 'less than a minute'
      : abs < 3_600
        ? `${Math.floor(abs / 60)} min`
        : abs < 86_400
          ? `${Math.floor(abs / 3_600)} h`
          : `${Math.floor(abs / 86_400)} d`;
  if (abs < 60) return delta >= 0 ? 'just now' : 'in less than a minute';
  return delta >= 0 ? `${value} ago` : `in ${value}`;
}

/** 0.4 s, 12 s, 3 min 5 s, 1 h 2 min. */
export function durationText(startedAt: string | null, finishedAt: string | null): string | null {
  if (!startedAt || !finishedAt) return null;
  const ms = Math.max(0, new Date(finishedAt).getTime() - new Date(startedAt).getTime());
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3_600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3_600)} h ${Math.floor((seconds % 3_600) / 60)} min`;
}

/** What started a run: a file uploaded from the app, "Sync now", or the schedule and the CLI. */
export function runTrigger(run: Pick<SourceRun, 'upload' | 'requested_by'>): string {
  if (run.upload) return 'File upload';
  return run.requested_by ? 'Sync from the app' : 'Schedule or CLI';
}

/** The file's own name for an upload (the object sits under the uploader's folder), else the input as given. */
export function runInput(run: Pick<SourceRun, 'upload' | 'input'>): string {
  return run.upload ? run.input.slice(run.input.lastIndexOf('/') + 1) : run.input;
}

/** The worker's note on a run that needed no import ("the feed has not changed since the last sync"). */
export function runNote(run: Pick<SourceRun, 'counts'>): string | undefined {
  const counts = run.counts as { note?: unknown } | null;
  return typeof counts?.note === 'string' ? counts.note : undefined;
}
