/** Reports per day, week or month stacked by source: the busiest sources, the rest as one series. */
import { ChartLegend } from '@/components/charts/chart-legend';
import { StackedColumns } from '@/components/charts/stacked-columns';
import { useIndicatorsBySource } from '@/features/analytics/api/get-indicators-by-source';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { bucketTable, perUnit, periodPhrase, toColumns } from '@/features/analytics/utils/buckets';
import { formatInteger } from '@/lib/format/format';
import { inertString } from '@/lib/security/inert-text';
import { AnalyticsChart } from './analytics-chart';

const TITLE = 'Indicators by source';
const PALETTE = ['blue.500', 'teal.400', 'purple.400', 'orange.400', 'pink.400', 'cyan.600'];
const OTHER = 'other';

export function IndicatorsBySourceChart({
  period,
  onPeriodChange,
}: {
  period: Period;
  onPeriodChange: (period: Period) => void;
}) {
  const query = useIndicatorsBySource(period);
  const rows = query.data ?? [];
  const keyOf = (row: { source_id: string | null }) => row.source_id ?? OTHER;
  const buckets = toColumns(rows, keyOf, (row) => row.indicators);
  const { unit, columns } = buckets;
  // The server sends each bucket's series busiest first, the other sources last.
  const series = (columns.length > 0 ? rows.filter((row) => row.bucket === columns[0]!.bucket) : []).map(
    (row, index) => ({
      key: keyOf(row),
      label: inertString(row.source_name, { defang: false }),
      total: row.total,
      colorToken: row.source_id ? PALETTE[index % PALETTE.length]! : 'gray.400',
    }),
  );
  const total = series.reduce((sum, source) => sum + source.total, 0);
  return (
    <AnalyticsChart
      title={TITLE}
      summary={`${formatInteger(total)} reports of indicators first seen ${periodPhrase(period)}, ${perUnit(unit)} by source.`}
      table={bucketTable(buckets, series, false)}
      period={period}
      onPeriodChange={onPeriodChange}
      query={query}
      empty={total === 0}
      emptyMessage={`No source reported an indicator first seen ${periodPhrase(period)}.`}
    >
      <StackedColumns data={columns} series={series} />
      <ChartLegend
        items={series.map((source) => ({
          ...source,
          label: `${source.label} (${formatInteger(source.total)})`,
        }))}
      />
    </AnalyticsChart>
  );
}
