/**
 * Hourly volume rows as chart columns. Every column of the window is present (an hour without events
 * is a zero, not a gap that makes a quiet night look like a continuous stream), columns are as wide as
 * needed to stay readable, and the smallest series fold into "Other" so the colours stay distinct.
 */
import type { VolumeGroup, VolumeWindow } from '@/features/telemetry/schemas/network-filters';

export interface VolumeRow {
  sensor: string;
  bucket: string;
  event_type: string;
  events: number;
  matched: number;
}

export interface VolumeColumn {
  /** ISO start of the column (UTC). */
  start: string;
  /** Short axis label. */
  label: string;
  /** Events per series key. */
  values: Record<string, number>;
  events: number;
  matched: number;
}

export interface VolumeSeries {
  columns: VolumeColumn[];
  /** Largest first; keys are prefixed so no event type can collide with the chart's own fields. */
  series: { key: string; label: string }[];
  stepHours: number;
  events: number;
  matched: number;
}

const HOUR_MS = 3_600_000;
export const WINDOW_HOURS: Record<Exclude<VolumeWindow, 'all'>, number> = {
  '24h': 24,
  '7d': 168,
  '30d': 720,
};
/** Column widths tried in order, in hours: an hour, six, a day, a week, thirty days. */
const STEPS = [1, 6, 24, 168, 720] as const;
export const MAX_COLUMNS = 60;
/** Series drawn in their own colour; the rest are summed as "Other". */
export const MAX_SERIES = 6;
export const OTHER_KEY = 'other';

/** The first hour the window covers, or null for all time. */
export function windowStart(window: VolumeWindow, now: number): Date | null {
  if (window === 'all') return null;
  return new Date(Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS - WINDOW_HOURS[window] * HOUR_MS);
}

export function seriesKey(name: string): string {
  return `s:${name}`;
}

/** Unique within the chart (the axis is a band scale keyed by label): hours name their day past a day. */
function columnLabel(start: Date, stepHours: number, columnCount: number): string {
  const iso = start.toISOString();
  if (stepHours === 1)
    return columnCount <= 24 ? iso.slice(11, 16) : `${iso.slice(8, 10)} ${iso.slice(11, 16)}`;
  if (stepHours < 24) return `${iso.slice(5, 10)} ${iso.slice(11, 13)}h`;
  if (stepHours === 24) return iso.slice(5, 10);
  return iso.slice(0, 10);
}

/** The full start of a column, for the table view. */
export function columnTitle(column: VolumeColumn, stepHours: number): string {
  return stepHours < 24 ? `${column.start.slice(0, 13).replace('T', ' ')}:00 UTC` : column.start.slice(0, 10);
}

function chooseStep(spanHours: number): number {
  return STEPS.find((step) => Math.ceil(spanHours / step) <= MAX_COLUMNS) ?? STEPS.at(-1)!;
}

export function shapeVolume(
  rows: readonly VolumeRow[],
  options: { window: VolumeWindow; by: VolumeGroup; now: number },
): VolumeSeries {
  const end = Math.floor(options.now / HOUR_MS) * HOUR_MS + HOUR_MS;
  const times = rows.map((row) => Date.parse(row.bucket));
  const earliest =
    options.window === 'all'
      ? times.reduce((a, b) => Math.min(a, b), Infinity)
      : windowStart(options.window, options.now)!.getTime();
  if (!Number.isFinite(earliest) || earliest >= end)
    return { columns: [], series: [], stepHours: 1, events: 0, matched: 0 };
  const stepHours =
    options.window === 'all'
      ? chooseStep((end - earliest) / HOUR_MS)
      : chooseStep(WINDOW_HOURS[options.window]);
  const stepMs = stepHours * HOUR_MS;
  const start = Math.floor(earliest / stepMs) * stepMs;

  const count = Math.ceil((end - start) / stepMs);
  const columns: VolumeColumn[] = Array.from({ length: count }, (_, index) => {
    const date = new Date(start + index * stepMs);
    return {
      start: date.toISOString(),
      label: columnLabel(date, stepHours, count),
      values: {},
      events: 0,
      matched: 0,
    };
  });

  const totals = new Map<string, number>();
  const placed: { column: VolumeColumn; name: string; events: number }[] = [];
  let events = 0;
  let matched = 0;
  rows.forEach((row, index) => {
    const time = times[index]!;
    if (!(time >= start && time < end)) return;
    const column = columns[Math.floor((time - start) / stepMs)]!;
    const name = options.by === 'type' ? row.event_type : row.sensor;
    const count = Number(row.events);
    column.events += count;
    column.matched += Number(row.matched);
    events += count;
    matched += Number(row.matched);
    totals.set(name, (totals.get(name) ?? 0) + count);
    placed.push({ column, name, events: count });
  });

  const ranked = [...totals.entries()]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([name]) => name);
  const own = new Set(ranked.length > MAX_SERIES ? ranked.slice(0, MAX_SERIES - 1) : ranked);
  for (const { column, name, events: count } of placed) {
    const key = own.has(name) ? seriesKey(name) : OTHER_KEY;
    column.values[key] = (column.values[key] ?? 0) + count;
  }
  const series = [...own].map((name) => ({ key: seriesKey(name), label: name }));
  if (ranked.length > own.size) series.push({ key: OTHER_KEY, label: 'Other' });
  return { columns, series, stepHours, events, matched };
}
