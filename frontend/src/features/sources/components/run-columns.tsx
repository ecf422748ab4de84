/** The run history table: when, how it ended, what started it, and its counts. */
import { countColumn } from '@/components/data-table/columns';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatCompactDateTime } from '@/lib/format/format';
import type { SourceRun } from '@/features/sources/api/get-source-runs';
import { durationText, runTrigger } from '@/features/sources/utils/source-text';
import { RunStatusBadge } from './status-badges';

export const runColumns: DataTableColumn<SourceRun>[] = [
  {
    id: 'started_at',
    header: 'Started (UTC)',
    width: '10rem',
    required: true,
    cell: (run) => formatCompactDateTime(run.started_at),
  },
  { id: 'status', header: 'Status', width: '8.5rem', cell: (run) => <RunStatusBadge status={run.status} /> },
  { id: 'trigger', header: 'Started by', width: '9.5rem', cell: runTrigger },
  countColumn('records', 'Records', '6rem', (run) => run.records),
  countColumn('inserted', 'New', '5rem', (run) => run.inserted),
  countColumn('updated', 'Updated', '5.5rem', (run) => run.updated),
  countColumn('rejected', 'Rejected', '6rem', (run) => run.rejected),
  {
    id: 'duration',
    header: 'Duration',
    width: '6rem',
    align: 'end',
    cell: (run) => durationText(run.started_at, run.finished_at) ?? '',
  },
];
