/** The latest performance reports browsers sent (those past the spec's thresholds). */
import { Badge } from '@chakra-ui/react';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatCompactDateTime, formatInteger } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import {
  usePerformanceReports,
  type PerformanceRow,
} from '@/features/admin-dashboard/api/get-performance-reports';

function metric(row: PerformanceRow, name: string): number | null {
  const metrics = row.metrics as Record<string, unknown> | null;
  const value = metrics?.[name];
  return typeof value === 'number' ? value : null;
}

function slowCount(row: PerformanceRow): number | null {
  const metrics = row.metrics as Record<string, unknown> | null;
  const value = metrics?.slowResources;
  return Array.isArray(value) ? value.length : typeof value === 'number' ? value : null;
}

const ms = (value: number | null) => (value === null ? '—' : `${formatInteger(Math.round(value))} ms`);

const columns: DataTableColumn<PerformanceRow>[] = [
  {
    id: 'received_at',
    header: 'Received',
    width: '10rem',
    cell: (row) => formatCompactDateTime(row.received_at),
    csv: (row) => row.received_at,
  },
  {
    id: 'url',
    header: 'Page',
    width: 'minmax(14rem, 3fr)',
    required: true,
    cell: (row) => <InertText value={row.url} singleLine />,
    csv: (row) => row.url,
  },
  {
    id: 'dcl',
    header: 'DOM ready',
    width: '7rem',
    align: 'end',
    cell: (row) => ms(metric(row, 'domContentLoaded')),
    csv: (row) => metric(row, 'domContentLoaded'),
  },
  {
    id: 'load',
    header: 'Loaded',
    width: '7rem',
    align: 'end',
    cell: (row) => ms(metric(row, 'loadComplete')),
    csv: (row) => metric(row, 'loadComplete'),
  },
  {
    id: 'slow',
    header: 'Slow resources',
    width: '8rem',
    align: 'end',
    cell: (row) => slowCount(row) ?? '—',
    csv: (row) => slowCount(row),
  },
  {
    id: 'critical',
    header: 'Verdict',
    width: '6rem',
    cell: (row) => (row.critical ? <Badge colorPalette="red">critical</Badge> : <Badge>slow</Badge>),
    csv: (row) => row.critical,
  },
];

export function PerformancePanel() {
  const reports = usePerformanceReports();
  return (
    <DataTable
      label="Performance reports"
      columns={columns}
      rows={reports.data ?? []}
      rowKey={(row) => String(row.id)}
      {...tableQueryState(reports, 'The performance reports')}
      emptyMessage="No performance report yet: browsers send one only when a page is slow."
      height="60vh"
    />
  );
}
