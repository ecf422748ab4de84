/** KEV additions per day, week or month, split by known ransomware use. */
import { ChartLegend } from '@/components/charts/chart-legend';
import { StackedColumns } from '@/components/charts/stacked-columns';
import { useKevAdditions } from '@/features/analytics/api/get-kev-additions';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import {
  bucketTitle,
  perUnit,
  periodPhrase,
  seriesTotal,
  toColumns,
} from '@/features/analytics/utils/buckets';
import { formatInteger } from '@/lib/format/format';
import { AnalyticsChart } from './analytics-chart';

const TITLE = 'KEV additions';
const SERIES = [
  { key: 'ransomware', label: 'Known ransomware use', colorToken: 'red.500' },
  { key: 'other', label: 'Other', colorToken: 'blue.500' },
] as const;

export function KevAdditionsChart({
  period,
  onPeriodChange,
}: {
  period: Period;
  onPeriodChange: (period: Period) => void;
}) {
  const query = useKevAdditions(period);
  // One row per bucket with both figures: two series of the same columns.
  const rows = (query.data ?? []).flatMap((row) => [
    { ...row, series: 'ransomware', value: row.ransomware },
    { ...row, series: 'other', value: row.additions - row.ransomware },
  ]);
  const { unit, columns } = toColumns(
    rows,
    (row) => row.series,
    (row) => row.value,
  );
  const ransomware = seriesTotal(columns, 'ransomware');
  const total = ransomware + seriesTotal(columns, 'other');
  return (
    <AnalyticsChart
      title={TITLE}
      summary={`${formatInteger(total)} vulnerabilities added to the KEV catalogue ${periodPhrase(period)} (${formatInteger(ransomware)} with known ransomware use), ${perUnit(unit)}.`}
      table={{
        columns: ['Period', 'Added', 'Known ransomware use'],
        rows: (query.data ?? []).map((row) => [bucketTitle(row.bucket, unit), row.additions, row.ransomware]),
      }}
      period={period}
      onPeriodChange={onPeriodChange}
      query={query}
      empty={total === 0}
      emptyMessage={`No vulnerability was added to the KEV catalogue ${periodPhrase(period)}.`}
    >
      <StackedColumns data={columns} series={SERIES} />
      <ChartLegend items={SERIES} />
    </AnalyticsChart>
  );
}
