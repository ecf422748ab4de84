/** The run history table: when, how it ended, what started it, and its counts. */
import type { DataTableColumn } from '@/components/data-table/types';
import { formatCompactDateTime, formatInteger } from '@/lib/format/format';
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
  {
    id: 'records',
    header: 'Records',
    width: '6rem',
    align: 'end',
    cell: (run) => formatInteger(run.records),
  },
  { id: 'inserted', header: 'New', width: '5rem', align: 'end', cell: (run) => formatInteger(run.inserted) },
  {
    id: 'updated',
    header: 'Updated',
    width: '5.5rem',
    align: 'end',
    cell: (run) => formatInteger(run.updated),
  },
  {
    id: 'rejected',
    header: 'Rejected',
    width: '6rem',
    align: 'end',
    cell: (run) => formatInteger(run.rejected),
  },
  {
    id: 'duration',
    header: 'Duration',
    width: '6rem',
    align: 'end',
    cell: (run) => durationText(run.started_at, run.finished_at) ?? '',
  },
];
