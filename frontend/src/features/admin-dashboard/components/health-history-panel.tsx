/**
 * Service health as the users' browsers saw it, per hour and service: stored when a browser's result
 * changes (and hourly), so an outage shows as hours with degraded or down reports.
 */
import { Badge, Stack, Text } from '@chakra-ui/react';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import { countColumn } from '@/components/data-table/columns';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatCompactDateTime } from '@/lib/format/format';
import {
  useServiceHealthHistory,
  type HealthHistoryRow,
} from '@/features/admin-dashboard/api/get-service-health-history';

const HEALTH_DAYS = 7;

const columns: DataTableColumn<HealthHistoryRow>[] = [
  {
    id: 'bucket',
    header: 'Hour',
    width: '10rem',
    cell: (row) => formatCompactDateTime(row.bucket),
    csv: (row) => row.bucket,
  },
  {
    id: 'service',
    header: 'Service',
    width: '8rem',
    required: true,
    cell: (row) => row.service,
    csv: (row) => row.service,
  },
  {
    id: 'verdict',
    header: 'Worst',
    width: '7rem',
    cell: (row) =>
      row.down > 0 ? (
        <Badge colorPalette="red">down</Badge>
      ) : row.degraded > 0 ? (
        <Badge colorPalette="orange">degraded</Badge>
      ) : (
        <Badge colorPalette="green">healthy</Badge>
      ),
  },
  countColumn('healthy', 'Healthy', '6rem', (row) => row.healthy),
  countColumn('degraded', 'Degraded', '6rem', (row) => row.degraded),
  countColumn('down', 'Down', '6rem', (row) => row.down),
  countColumn('reporters', 'Users', '6rem', (row) => row.reporters),
];

export function HealthHistoryPanel() {
  const history = useServiceHealthHistory(HEALTH_DAYS);
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        The last {HEALTH_DAYS} days of the browsers&apos; health checks (database, realtime, auth, storage),
        per hour.
      </Text>
      <DataTable
        label="Service health history"
        columns={columns}
        rows={history.data ?? []}
        rowKey={(row) => `${row.bucket}-${row.service}`}
        {...tableQueryState(history, 'The health history')}
        emptyMessage="No health report stored in this window."
        height="50vh"
      />
    </Stack>
  );
}
