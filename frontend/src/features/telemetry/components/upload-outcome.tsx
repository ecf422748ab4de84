/** What an uploaded log gave: events, matches, sightings and alerts, or why it was refused. */
import { Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { RejectTable } from '@/components/ui/reject-table';
import { platformPath } from '@/config/paths';
import type { ImportRunRow } from '@/lib/storage/import-run';
import { formatInteger } from '@/lib/format/format';

interface TelemetryCounts {
  events?: number;
  matchedEvents?: number;
  sightings?: { inserted?: number; updated?: number };
  alerts?: number;
  sensors?: string[];
}

/** The importer's reason for a Zeek line whose ts is relative and no start time was given. */
const RELATIVE_TIME = /counts seconds from the start of the capture/;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

export function UploadOutcome({ run }: { run: ImportRunRow }) {
  const counts = (run.counts ?? {}) as TelemetryCounts;
  const rejects = (Array.isArray(run.rejects) ? run.rejects : []) as { where: string; reason: string }[];
  if (run.status === 'failed')
    return (
      <Text role="alert" color="fg.error" fontSize="sm">
        The import was refused and nothing of it was kept: {run.error ?? 'no reason was given.'}
      </Text>
    );
  const sightings = (counts.sightings?.inserted ?? 0) + (counts.sightings?.updated ?? 0);
  const alerts = counts.alerts ?? 0;
  const events = counts.events ?? 0;
  const undated = rejects.some((reject) => RELATIVE_TIME.test(reject.reason));
  return (
    <Stack gap="2">
      <Text role="status" fontSize="sm">
        Imported {plural(counts.events ?? 0, 'event')} from {plural(counts.sensors?.length ?? 0, 'sensor')};{' '}
        {plural(counts.matchedEvents ?? 0, 'event')} matched a known indicator, giving{' '}
        {plural(sightings, 'sighting')} ({formatInteger(counts.sightings?.inserted ?? 0)} new) and{' '}
        {plural(alerts, 'new alert')}.
        {run.rejected > 0 &&
          ` ${plural(run.rejected, 'line')} could not be read and ${run.rejected === 1 ? 'was' : 'were'} left out.`}
      </Text>
      {alerts > 0 && (
        <Link asChild fontSize="sm" colorPalette="blue">
          <RouterLink to={platformPath('threatIntelligenceHub')}>
            See the alerts in the Threat Intelligence Hub
          </RouterLink>
        </Link>
      )}
      {undated && (
        <Text role="alert" fontSize="sm" color="fg.warning">
          This log counts time in seconds from the start of the capture. Give the capture start time (UTC) in
          the form above and import the file again to date its events.
        </Text>
      )}
      {rejects.length > 0 && (
        <RejectTable
          caption={
            events === 0
              ? 'Lines left out: nothing of the file was imported.'
              : 'Lines left out: the rest of the file was imported.'
          }
          whereLabel="Where"
          rejects={rejects}
          total={run.rejected}
        />
      )}
    </Stack>
  );
}
