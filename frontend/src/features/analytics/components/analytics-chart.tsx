/**
 * One analytics chart: the shared frame (title, summary, table view) with its period picker, a CSV
 * download of the same table, and the loading, error and empty states every chart shows alike.
 */
import { Button, Flex, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ChartFrame, type ChartTable } from '@/components/charts/chart-frame';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { downloadChartCsv } from '@/features/analytics/utils/chart-csv';
import { PeriodSelect } from './period-select';

export interface ChartQuery {
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
}

interface AnalyticsChartProps {
  title: string;
  summary: string;
  table: ChartTable;
  period: Period;
  onPeriodChange: (period: Period) => void;
  query: ChartQuery;
  /** Nothing to draw for this period (the table still lists the empty buckets). */
  empty: boolean;
  emptyMessage: string;
  children: ReactNode;
}

export function AnalyticsChart({
  title,
  summary,
  table,
  period,
  onPeriodChange,
  query,
  empty,
  emptyMessage,
  children,
}: AnalyticsChartProps) {
  const ready = !query.isPending && !query.error;
  return (
    <ChartFrame
      title={title}
      summary={summary}
      table={table}
      action={
        <Flex gap="2" wrap="wrap" justify="flex-end">
          <PeriodSelect chart={title} value={period} onChange={onPeriodChange} />
          <Button
            size="xs"
            variant="outline"
            disabled={!ready || table.rows.length === 0}
            aria-label={`Download ${title} as CSV`}
            onClick={() => void downloadChartCsv(title, period, table)}
          >
            CSV
          </Button>
        </Flex>
      }
    >
      {query.error ? (
        <Flex role="alert" direction="column" align="center" gap="2" py="6">
          <Text textAlign="center">
            {title} could not be loaded: {query.error.message}
          </Text>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Flex>
      ) : query.isPending ? (
        <Flex justify="center" py="6" role="status" aria-label={`Loading ${title}`}>
          <Spinner size="sm" />
        </Flex>
      ) : empty ? (
        <Text color="fg.muted" fontSize="sm" py="6" textAlign="center">
          {emptyMessage}
        </Text>
      ) : (
        children
      )}
    </ChartFrame>
  );
}
