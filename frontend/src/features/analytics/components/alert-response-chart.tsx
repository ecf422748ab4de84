/**
 * Mean time to acknowledge and to resolve per severity, as two sets of bars; the table adds how many
 * alerts each figure rests on.
 */
import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { SEVERITY_SERIES } from '@/components/charts/severity-series';
import { HorizontalBars } from '@/components/charts/horizontal-bars';
import { useAlertResponse, type AlertResponseRow } from '@/features/analytics/api/get-alert-response';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { periodPhrase } from '@/features/analytics/utils/buckets';
import { formatDuration } from '@/features/analytics/utils/duration';
import { formatInteger } from '@/lib/format/format';
import { AnalyticsChart } from './analytics-chart';

const TITLE = 'Time to acknowledge and resolve';

const label = (row: AlertResponseRow) =>
  SEVERITY_SERIES.find((severity) => severity.key === row.severity)?.label ?? row.severity;

function bars(rows: readonly AlertResponseRow[], seconds: (row: AlertResponseRow) => number | null) {
  return rows.flatMap((row) => {
    const value = seconds(row);
    return value == null ? [] : [{ label: label(row), value }];
  });
}

export function AlertResponseChart({
  period,
  onPeriodChange,
}: {
  period: Period;
  onPeriodChange: (period: Period) => void;
}) {
  const query = useAlertResponse(period);
  const rows = query.data ?? [];
  const acknowledged = bars(rows, (row) => row.mtta_seconds);
  const resolved = bars(rows, (row) => row.mttr_seconds);
  const raised = rows.reduce((sum, row) => sum + row.raised, 0);
  return (
    <AnalyticsChart
      title={TITLE}
      summary={`Mean time from raising to acknowledging and to resolving the ${formatInteger(raised)} alerts raised ${periodPhrase(period)}, by severity.`}
      table={{
        columns: [
          'Severity',
          'Raised',
          'Acknowledged',
          'Mean time to acknowledge',
          'Resolved',
          'Mean time to resolve',
          'Dismissed',
        ],
        rows: rows.map((row) => [
          label(row),
          row.raised,
          row.acknowledged,
          formatDuration(row.mtta_seconds),
          row.resolved,
          formatDuration(row.mttr_seconds),
          row.dismissed,
        ]),
      }}
      period={period}
      onPeriodChange={onPeriodChange}
      query={query}
      empty={acknowledged.length === 0}
      emptyMessage={
        raised === 0
          ? `No alert was raised ${periodPhrase(period)}.`
          : `None of the ${formatInteger(raised)} alerts raised ${periodPhrase(period)} has been acknowledged yet.`
      }
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Stack gap="1">
          <Heading as="h3" size="xs" color="fg.muted">
            Mean time to acknowledge
          </Heading>
          <HorizontalBars data={acknowledged} formatValue={formatDuration} />
        </Stack>
        <Stack gap="1">
          <Heading as="h3" size="xs" color="fg.muted">
            Mean time to resolve
          </Heading>
          {resolved.length > 0 ? (
            <HorizontalBars data={resolved} formatValue={formatDuration} />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              No alert resolved yet.
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </AnalyticsChart>
  );
}
