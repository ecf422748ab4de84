/**
 * The volume chart's shape: `leak_post_volume` answers posts per day and group; a month reads as
 * days, a quarter or a year as weeks, the whole history as months. Every period in the window is
 * present (a quiet week is a gap, not a missing column), and the groups are ordered by their total,
 * "other" last. Series are keyed s0, s1… because group names are hostile text, never object keys.
 */
import { OTHER_GROUPS, VOLUME_WINDOWS, type VolumeWindow } from '@/features/dark-web/schemas/dark-web-view';

export type Bucket = 'day' | 'week' | 'month';

const BUCKETS: Record<VolumeWindow, Bucket> = { '30d': 'day', '90d': 'week', '1y': 'week', all: 'month' };
const DAY_MS = 86_400_000;

/** Distinct colours for the busiest groups; "other" is grey. */
const PALETTE = [
  'red.500',
  'orange.400',
  'yellow.400',
  'green.500',
  'teal.500',
  'blue.500',
  'purple.500',
  'pink.500',
  'cyan.500',
];
const OTHER_COLOR = 'gray.500';

export interface VolumeSeries {
  key: string;
  label: string;
  colorToken: string;
  total: number;
}

export interface VolumePeriod {
  /** The period's first day, 2026-03-02 (a month: 2026-03). */
  period: string;
  /** Short, for the axis. */
  label: string;
  values: Record<string, number>;
}

/** The bucket's first day, as YYYY-MM-DD (YYYY-MM for a month); weeks start on Monday (ISO). */
export function bucketOf(day: string, bucket: Bucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return day.slice(0, 7);
  const date = new Date(`${day}T00:00:00Z`);
  const fromMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - fromMonday * DAY_MS).toISOString().slice(0, 10);
}

function nextBucket(period: string, bucket: Bucket): string {
  if (bucket === 'month') {
    const [year, month] = period.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7);
  }
  const step = bucket === 'week' ? 7 : 1;
  return new Date(new Date(`${period}T00:00:00Z`).getTime() + step * DAY_MS).toISOString().slice(0, 10);
}

function shortLabel(period: string, bucket: Bucket): string {
  return bucket === 'month' ? period : period.slice(5);
}

export function postVolume(
  rows: readonly { day: string; group_name: string; posts: number }[],
  window: VolumeWindow,
  now: Date = new Date(),
) {
  const bucket = BUCKETS[window];
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.group_name, (totals.get(row.group_name) ?? 0) + Number(row.posts));
  const groups = [...totals.keys()].sort(
    (a, b) =>
      Number(a === OTHER_GROUPS) - Number(b === OTHER_GROUPS) ||
      totals.get(b)! - totals.get(a)! ||
      a.localeCompare(b),
  );
  let colour = 0;
  const series: VolumeSeries[] = groups.map((group, index) => ({
    key: `s${index}`,
    label: group,
    colorToken: group === OTHER_GROUPS ? OTHER_COLOR : PALETTE[colour++ % PALETTE.length]!,
    total: totals.get(group)!,
  }));
  const keyOf = new Map(series.map((item) => [item.label, item.key]));

  const byPeriod = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const period = bucketOf(row.day.slice(0, 10), bucket);
    const values = byPeriod.get(period) ?? {};
    const key = keyOf.get(row.group_name)!;
    values[key] = (values[key] ?? 0) + Number(row.posts);
    byPeriod.set(period, values);
  }

  const days = VOLUME_WINDOWS[window];
  const known = [...byPeriod.keys()].sort();
  const today = now.toISOString().slice(0, 10);
  const first =
    days === null
      ? known[0]
      : bucketOf(new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10), bucket);
  const last = days === null ? known.at(-1) : bucketOf(today, bucket);
  const periods: VolumePeriod[] = [];
  if (first !== undefined && last !== undefined) {
    for (let period = first; period <= last; period = nextBucket(period, bucket))
      periods.push({ period, label: shortLabel(period, bucket), values: byPeriod.get(period) ?? {} });
  }
  return { bucket, series, periods, total: [...totals.values()].reduce((sum, n) => sum + n, 0) };
}

export type PostVolume = ReturnType<typeof postVolume>;
