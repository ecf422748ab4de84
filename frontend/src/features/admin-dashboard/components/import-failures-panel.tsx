/** Import runs that failed or rejected records, newest first; the sources page has each run's rejects. */
import { Badge } from '@chakra-ui/react';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import { countColumn } from '@/components/data-table/columns';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatCompactDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import {
  useFailedImportRuns,
  type FailedImportRow,
} from '@/features/admin-dashboard/api/get-failed-import-runs';

const columns: DataTableColumn<FailedImportRow>[] = [
  {
    id: 'started_at',
    header: 'Started',
    width: '10rem',
    cell: (row) => formatCompactDateTime(row.started_at),
    csv: (row) => row.started_at,
  },
  {
    id: 'source',
    header: 'Source',
    width: 'minmax(10rem, 2fr)',
    required: true,
    cell: (row) => <InertText value={row.source_name} defangLinks={false} singleLine />,
    csv: (row) => row.source_name,
  },
  { id: 'format', header: 'Format', width: '7rem', cell: (row) => row.format, csv: (row) => row.format },
  {
    id: 'status',
    header: 'Outcome',
    width: '8rem',
    cell: (row) =>
      row.status === 'failed' ? (
        <Badge colorPalette="red">failed</Badge>
      ) : (
        <Badge colorPalette="orange">rejects</Badge>
      ),
    csv: (row) => row.status,
  },
  countColumn('records', 'Records', '7rem', (row) => row.records),
  countColumn('rejected', 'Rejected', '7rem', (row) => row.rejected),
  {
    id: 'error',
    header: 'Error',
    width: 'minmax(14rem, 3fr)',
    cell: (row) => <InertText value={row.error ?? ''} singleLine />,
    csv: (row) => row.error,
  },
];

export function ImportFailuresPanel() {
  const runs = useFailedImportRuns();
  return (
    <DataTable
      label="Import runs with failures"
      columns={columns}
      rows={runs.data ?? []}
      rowKey={(row) => String(row.id)}
      {...tableQueryState(runs, 'The import runs')}
      emptyMessage="No import run failed or rejected records."
      height="60vh"
    />
  );
}
