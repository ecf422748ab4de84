/**
 * The server answers one row per bucket and series, every bucket present; these helpers only lay the
 * rows out as columns for the chart and its table (no sums over raw data happen here).
 */
import type { StackedDatum } from '@/components/charts/stacked-columns';
import { PERIOD_LABELS, type Period } from '@/features/analytics/schemas/analytics-filters';

export type BucketUnit = 'day' | 'week' | 'month' | 'year';

export interface BucketColumn extends StackedDatum {
  /** The bucket's first day, YYYY-MM-DD (UTC). */
  bucket: string;
}

export interface BucketSeries {
  unit: BucketUnit;
  columns: BucketColumn[];
}

const UNITS: readonly BucketUnit[] = ['day', 'week', 'month', 'year'];

function asUnit(unit: string | undefined): BucketUnit {
  return UNITS.find((known) => known === unit) ?? 'day';
}

/** Short enough for an axis: 11-25 (day, or a week's Monday), 2026-11 (month), 2026 (year). */
export function bucketLabel(bucket: string, unit: BucketUnit): string {
  if (unit === 'year') return bucket.slice(0, 4);
  if (unit === 'month') return bucket.slice(0, 7);
  return bucket.slice(5, 10);
}

/** Whole, for the table: 2026-11-25, week of 2026-11-23, 2026-11, 2026. */
export function bucketTitle(bucket: string, unit: BucketUnit): string {
  if (unit === 'week') return `Week of ${bucket.slice(0, 10)}`;
  if (unit === 'day') return bucket.slice(0, 10);
  return bucketLabel(bucket, unit);
}

/** Rows of (bucket, series, value) as one column per bucket, in the server's order. */
export function toColumns<Row extends { bucket: string; unit: string }>(
  rows: readonly Row[],
  seriesOf: (row: Row) => string,
  valueOf: (row: Row) => number,
): BucketSeries {
  const unit = asUnit(rows[0]?.unit);
  const columns: BucketColumn[] = [];
  for (const row of rows) {
    let column = columns.at(-1);
    if (column?.bucket !== row.bucket) {
      column = { bucket: row.bucket, label: bucketLabel(row.bucket, unit), values: {} };
      columns.push(column);
    }
    column.values[seriesOf(row)] = valueOf(row);
  }
  return { unit, columns };
}

/** The sum of one series over the columns the server sent (for the legend and the summary). */
export function seriesTotal(columns: readonly BucketColumn[], key: string): number {
  return columns.reduce((sum, column) => sum + (column.values[key] ?? 0), 0);
}

/**
 * A stacked chart's table view: one row per bucket, one column per series, and the bucket's total
 * when `withTotal` (a series picked to show may not be all there is).
 */
export function bucketTable(
  { unit, columns }: BucketSeries,
  series: readonly { key: string; label: string }[],
  withTotal: boolean,
): { columns: string[]; rows: (string | number)[][] } {
  return {
    columns: ['Period', ...series.map((item) => item.label), ...(withTotal ? ['All'] : [])],
    rows: columns.map((column) => {
      const values = series.map((item) => column.values[item.key] ?? 0);
      const total = values.reduce((sum, value) => sum + value, 0);
      return [bucketTitle(column.bucket, unit), ...values, ...(withTotal ? [total] : [])];
    }),
  };
}

const PER: Record<BucketUnit, string> = {
  day: 'per day',
  week: 'per week',
  month: 'per month',
  year: 'per year',
};

export function perUnit(unit: BucketUnit): string {
  return PER[unit];
}

/** "in the last 90 days", "over all time": the tail of a chart's summary sentence. */
export function periodPhrase(period: Period): string {
  return period === 'all' ? 'over all time' : `in the ${PERIOD_LABELS[period].toLowerCase()}`;
}
