/**
 * A run started from this page, followed live: queued (waiting for the importer's worker), running,
 * then its outcome with the counts. It reads the source's run history, which realtime refreshes.
 */
import { Flex, Spinner, Text } from '@chakra-ui/react';
import { formatInteger } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { SourceRun } from '@/features/sources/api/get-source-runs';
import { durationText, runNote } from '@/features/sources/utils/source-text';
import { RunStatusBadge } from './status-badges';

export function runOutcomeText(run: SourceRun): string {
  const note = runNote(run);
  if (note && run.records === 0) return `Nothing to import: ${note}.`;
  const took = durationText(run.started_at, run.finished_at);
  return (
    `${formatInteger(run.records)} records: ${formatInteger(run.inserted)} new, ${formatInteger(run.updated)} updated, ` +
    `${formatInteger(run.unchanged)} unchanged, ${formatInteger(run.rejected)} rejected${took ? `, in ${took}` : ''}.`
  );
}

export function RunProgress({ runId, run }: { runId: number; run: SourceRun | undefined }) {
  const status = run?.status ?? 'queued';
  return (
    <Flex role="status" gap="2" align="center" wrap="wrap" fontSize="sm" data-run-id={runId}>
      <Text as="span" fontWeight="semibold">
        Run {runId}:
      </Text>
      <RunStatusBadge status={status} />
      {status === 'queued' && (
        <>
          <Spinner size="xs" aria-hidden="true" /> Waiting for the importer's worker to pick it up…
        </>
      )}
      {status === 'running' && (
        <>
          <Spinner size="xs" aria-hidden="true" /> Importing on the server…
        </>
      )}
      {status === 'succeeded' && run && <Text as="span">{runOutcomeText(run)}</Text>}
      {status === 'failed' && run && (
        <Text as="span" color="fg.error">
          Nothing was kept: <InertText value={run.error ?? 'no reason was given.'} maxLength={500} />
        </Text>
      )}
    </Flex>
  );
}
