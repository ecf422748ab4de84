/** What an uploaded posts file gave: new posts, posts already known, alerts, or why it was refused. */
import { Stack, Text } from '@chakra-ui/react';
import { RejectTable } from '@/components/ui/reject-table';
import { formatInteger } from '@/lib/format/format';
import type { ImportRunRow } from '@/lib/storage/import-run';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

export function LeakUploadOutcome({ run }: { run: ImportRunRow }) {
  if (run.status === 'failed')
    return (
      <Text role="alert" color="fg.error" fontSize="sm">
        The import was refused and nothing of it was kept: {run.error ?? 'no reason was given.'}
      </Text>
    );
  const counts = (run.counts ?? {}) as { alerts?: number };
  const rejects = (Array.isArray(run.rejects) ? run.rejects : []) as { where: string; reason: string }[];
  const known = Math.max(run.records - run.rejected - run.inserted, 0);
  return (
    <Stack gap="2">
      <Text role="status" fontSize="sm">
        Imported {plural(run.inserted, 'new post')} ({formatInteger(known)} already known) and raised{' '}
        {plural(counts.alerts ?? 0, 'alert')} for watched keywords.
        {run.rejected > 0 &&
          ` ${plural(run.rejected, 'post')} could not be read and ${run.rejected === 1 ? 'was' : 'were'} left out.`}
      </Text>
      {rejects.length > 0 && (
        <RejectTable
          caption={
            run.inserted + known === 0
              ? 'Posts left out: nothing of the file was imported.'
              : 'Posts left out: the rest of the file was imported.'
          }
          whereLabel="Where"
          rejects={rejects}
          total={run.rejected}
        />
      )}
    </Stack>
  );
}
