/** The latest runs of a source, newest first; a run opened shows its details and refused records. */
import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import { RUN_HISTORY_LIMIT, useSourceRuns } from '@/features/sources/api/get-source-runs';
import { runColumns } from './run-columns';
import { RunDetail } from './run-detail';

export function RunHistory({ sourceId, live }: { sourceId: string; live: boolean }) {
  const runs = useSourceRuns(sourceId, live);
  const [openId, setOpenId] = useState<number>();
  const rows = runs.data ?? [];
  const open = rows.find((run) => run.id === openId) ?? rows[0];
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        The latest {RUN_HISTORY_LIMIT} runs, newest first, updated as they happen. Open one to see the records
        it refused.
      </Text>
      <DataTable
        label="Runs"
        columns={runColumns}
        rows={rows}
        rowKey={(run) => String(run.id)}
        {...tableQueryState(runs, 'The runs')}
        emptyMessage="This source has not been imported yet."
        onActivate={(run) => setOpenId(run.id)}
        height="16rem"
      />
      {open && <RunDetail key={open.id} run={open} />}
    </Stack>
  );
}
