/** Security events over the chosen window, stacked by severity, with a table view (ChartFrame). */
import { Flex, Spinner, Text } from '@chakra-ui/react';
import { ChartFrame } from '@/components/charts/chart-frame';
import { ChartLegend } from '@/components/charts/chart-legend';
import { SEVERITY_SERIES } from '@/components/charts/severity-series';
import { StackedColumns } from '@/components/charts/stacked-columns';
import { FilterSelect } from '@/components/ui/filter-select';
import { formatInteger } from '@/lib/format/format';
import { useSecurityEventCounts } from '@/features/admin-dashboard/api/get-security-event-counts';
import { EVENT_WINDOWS } from '@/features/admin-dashboard/schemas/admin-view';
import { shapeEventCounts, totalEvents } from '@/features/admin-dashboard/utils/event-series';

interface EventChartProps {
  days: number;
  type: string | undefined;
  severity: string | undefined;
  onDaysChange: (days: number) => void;
}

export function EventChart({ days, type, severity, onDaysChange }: EventChartProps) {
  const counts = useSecurityEventCounts(days, type, severity);
  const columns = counts.data ? shapeEventCounts(counts.data.rows, days, counts.data.now) : [];
  const total = totalEvents(columns);
  const per = days <= 2 ? 'hour' : 'day';
  return (
    <ChartFrame
      title={`Security events, last ${days === 1 ? '24 hours' : `${days} days`}`}
      summary={`${formatInteger(total)} events per ${per} by severity.`}
      table={{
        columns: ['Period', ...SEVERITY_SERIES.map((item) => item.label)],
        rows: columns.map((column) => [
          column.start.slice(0, 16).replace('T', ' '),
          ...SEVERITY_SERIES.map((item) => column.values[item.key]),
        ]),
      }}
      action={
        <FilterSelect
          label="Time window"
          value={String(days)}
          onChange={(value) => onDaysChange(Number(value))}
        >
          {EVENT_WINDOWS.map((item) => (
            <option key={item} value={item}>
              {item === 1 ? 'Last 24 hours' : `Last ${item} days`}
            </option>
          ))}
        </FilterSelect>
      }
    >
      {counts.isError ? (
        <Text role="alert" py="6" textAlign="center">
          The event counts could not be loaded: {counts.error.message}
        </Text>
      ) : counts.isPending ? (
        <Flex justify="center" py="6">
          <Spinner size="sm" aria-label="Loading the event counts" />
        </Flex>
      ) : total === 0 ? (
        <Text color="fg.muted" fontSize="sm" py="6" textAlign="center">
          No security events in this window.
        </Text>
      ) : (
        <>
          <StackedColumns
            data={columns.map((column) => ({ label: column.label, values: column.values }))}
            series={SEVERITY_SERIES}
          />
          <ChartLegend items={SEVERITY_SERIES} />
        </>
      )}
    </ChartFrame>
  );
}
