/** Alerts raised per day, week or month, stacked by severity. */
import { ChartLegend } from '@/components/charts/chart-legend';
import { SEVERITY_SERIES } from '@/components/charts/severity-series';
import { StackedColumns } from '@/components/charts/stacked-columns';
import { useAlertVolume } from '@/features/analytics/api/get-alert-volume';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import {
  bucketTable,
  perUnit,
  periodPhrase,
  seriesTotal,
  toColumns,
} from '@/features/analytics/utils/buckets';
import { formatInteger } from '@/lib/format/format';
import { AnalyticsChart } from './analytics-chart';

const TITLE = 'Alert volume';

export function AlertVolumeChart({
  period,
  onPeriodChange,
}: {
  period: Period;
  onPeriodChange: (period: Period) => void;
}) {
  const query = useAlertVolume(period);
  const buckets = toColumns(
    query.data ?? [],
    (row) => row.severity,
    (row) => row.raised,
  );
  const { unit, columns } = buckets;
  const total = SEVERITY_SERIES.reduce((sum, severity) => sum + seriesTotal(columns, severity.key), 0);
  return (
    <AnalyticsChart
      title={TITLE}
      summary={`${formatInteger(total)} alerts raised ${periodPhrase(period)}, ${perUnit(unit)} by severity.`}
      table={bucketTable(buckets, SEVERITY_SERIES, true)}
      period={period}
      onPeriodChange={onPeriodChange}
      query={query}
      empty={total === 0}
      emptyMessage={`No alert was raised ${periodPhrase(period)}.`}
    >
      <StackedColumns data={columns} series={SEVERITY_SERIES} />
      <ChartLegend items={SEVERITY_SERIES} />
    </AnalyticsChart>
  );
}
