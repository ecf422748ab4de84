/** How likely the KEV entries are to be exploited: their EPSS scores in ten buckets of 0.1. */
import { Text } from '@chakra-ui/react';
import { StackedColumns } from '@/components/charts/stacked-columns';
import { useKevEpss, type KevEpssRow } from '@/features/analytics/api/get-kev-epss';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { periodPhrase } from '@/features/analytics/utils/buckets';
import { formatInteger } from '@/lib/format/format';
import { AnalyticsChart } from './analytics-chart';

const TITLE = 'EPSS distribution of KEV entries';
const SERIES = [{ key: 'cves', label: 'KEV entries', colorToken: 'purple.400' }] as const;

/** 0.0–0.1 (the last bucket includes 1.0). */
const range = (row: KevEpssRow) => `${row.score_from.toFixed(1)}–${row.score_to.toFixed(1)}`;

export function EpssHistogramChart({
  period,
  onPeriodChange,
}: {
  period: Period;
  onPeriodChange: (period: Period) => void;
}) {
  const query = useKevEpss(period);
  const rows = query.data ?? [];
  const scored = rows.filter((row) => row.bucket > 0);
  const unscored = rows.find((row) => row.bucket === 0)?.cves ?? 0;
  const total = scored.reduce((sum, row) => sum + row.cves, 0);
  return (
    <AnalyticsChart
      title={TITLE}
      summary={`EPSS scores of the ${formatInteger(total)} KEV entries added ${periodPhrase(period)} that have one, in buckets of 0.1.`}
      table={{
        columns: ['EPSS score', 'KEV entries'],
        rows: [
          ...scored.map((row) => [range(row), row.cves]),
          ...(unscored > 0 ? [['No score yet', unscored]] : []),
        ],
      }}
      period={period}
      onPeriodChange={onPeriodChange}
      query={query}
      empty={total === 0}
      emptyMessage={`No KEV entry added ${periodPhrase(period)} has an EPSS score.`}
    >
      <StackedColumns
        data={scored.map((row) => ({ label: range(row), values: { cves: row.cves } }))}
        series={SERIES}
      />
      {unscored > 0 && (
        <Text fontSize="xs" color="fg.muted">
          {formatInteger(unscored)} more have no EPSS score yet.
        </Text>
      )}
    </AnalyticsChart>
  );
}
