/** One run in full: what was read, how it ended, its counts by kind, and the records it refused. */
import { Spinner, Stack, Text } from '@chakra-ui/react';
import { Facts } from '@/components/entity/facts';
import { RejectTable } from '@/components/ui/reject-table';
import { formatBytes, formatDateTime, formatInteger } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useRunRejects } from '@/features/sources/api/get-run-rejects';
import type { SourceRun } from '@/features/sources/api/get-source-runs';
import { formatLabel } from '@/features/sources/utils/formats';
import { durationText, runInput, runNote, runTrigger } from '@/features/sources/utils/source-text';
import { runOutcomeText } from './run-progress';
import { RunStatusBadge } from './status-badges';

export function RunDetail({ run }: { run: SourceRun }) {
  const rejects = useRunRejects(run.id, run.rejected > 0);
  const note = runNote(run);
  return (
    <Stack as="section" aria-label={`Run ${run.id}`} gap="3" borderWidth="1px" borderRadius="md" p="3">
      <Facts
        items={[
          ['Run', `${run.id}`],
          ['Status', <RunStatusBadge key="s" status={run.status} />],
          ['Started by', runTrigger(run)],
          ['Format', formatLabel(run.format)],
          // A file's name is no link; a URL or path read by the importer is shown defanged.
          ['Input', run.input ? <InertText key="i" value={runInput(run)} defangLinks={!run.upload} /> : null],
          ['Size', run.bytes == null ? null : formatBytes(run.bytes)],
          ['Started', formatDateTime(run.started_at)],
          ['Finished', formatDateTime(run.finished_at)],
          ['Duration', durationText(run.started_at, run.finished_at)],
          ['Outcome', run.status === 'succeeded' ? runOutcomeText(run) : null],
          ['Ignored', run.ignored > 0 ? formatInteger(run.ignored) : null],
        ]}
      />
      {run.status === 'failed' && (
        <Text role="alert" fontSize="sm" color="fg.error">
          The run failed and nothing of it was kept:{' '}
          <InertText value={run.error ?? note ?? 'no reason was given.'} />
        </Text>
      )}
      {run.rejected > 0 &&
        (rejects.isPending ? (
          <Text role="status" fontSize="sm">
            <Spinner size="xs" aria-hidden="true" /> Loading the refused records…
          </Text>
        ) : rejects.isError ? (
          <Text role="alert" fontSize="sm" color="fg.error">
            The refused records could not be loaded: {rejects.error.message}
          </Text>
        ) : (
          <RejectTable
            caption={`Records refused by run ${run.id}: the rest was imported.`}
            whereLabel="Where"
            rejects={rejects.data}
            total={run.rejected}
          />
        ))}
    </Stack>
  );
}
