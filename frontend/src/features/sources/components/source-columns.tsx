/** The sources table: verdict and last run first (what an operator checks), then how the source is trusted and run. */
import { Flex, Text } from '@chakra-ui/react';
import { countColumn } from '@/components/data-table/columns';
import type { DataTableColumn } from '@/components/data-table/types';
import { TlpBadge, tlpLabel } from '@/components/intel/tlp-badge';
import { formatDateTime, formatInteger } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { SourceOverview } from '@/features/sources/api/get-source-overview';
import { healthLook } from '@/features/sources/utils/source-health';
import {
  ageText,
  durationText,
  RELIABILITY_LABELS,
  scheduleText,
  type Reliability,
} from '@/features/sources/utils/source-text';
import { HealthBadge, RunStatusBadge } from './status-badges';

const count = (value: number | null) => (value == null ? '' : formatInteger(value));

export function sourceColumns(now: number): DataTableColumn<SourceOverview>[] {
  return [
    {
      id: 'health',
      header: 'Status',
      width: '10.5rem',
      cell: (row) => <HealthBadge health={row.health} />,
      csv: (row) => healthLook(row.health).label,
    },
    {
      id: 'name',
      header: 'Source',
      width: 'minmax(12rem, 2fr)',
      required: true,
      cell: (row) => <InertText value={row.name} defangLinks={false} singleLine />,
      csv: (row) => row.name,
    },
    {
      id: 'last_run',
      header: 'Last run',
      width: '13rem',
      cell: (row) =>
        row.last_run_status && row.last_run_started_at ? (
          <Flex gap="2" align="center" title={formatDateTime(row.last_run_started_at) ?? undefined}>
            <RunStatusBadge status={row.last_run_status} />
            <Text as="span" color="fg.muted">
              {ageText(row.last_run_started_at, now)}
            </Text>
          </Flex>
        ) : (
          <Text as="span" color="fg.muted">
            Never run
          </Text>
        ),
      csv: (row) => row.last_run_started_at,
    },
    countColumn('records', 'Records', '6.5rem', (row) => row.last_run_records),
    countColumn('inserted', 'New', '6rem', (row) => row.last_run_inserted),
    {
      id: 'rejected',
      header: 'Rejected',
      width: '6.5rem',
      align: 'end',
      cell: (row) => (
        <Text
          as="span"
          color={row.last_run_rejected ? 'status.degraded' : undefined}
          fontWeight={row.last_run_rejected ? 'semibold' : undefined}
        >
          {count(row.last_run_rejected)}
        </Text>
      ),
      csv: (row) => row.last_run_rejected,
    },
    {
      id: 'duration',
      header: 'Duration',
      width: '6.5rem',
      align: 'end',
      cell: (row) => durationText(row.last_run_started_at, row.last_run_finished_at) ?? '',
      csv: (row) => durationText(row.last_run_started_at, row.last_run_finished_at),
    },
    {
      id: 'reliability',
      header: 'Reliability',
      width: '12.5rem',
      cell: (row) => `${row.reliability} · ${RELIABILITY_LABELS[row.reliability as Reliability]}`,
      csv: (row) => row.reliability,
    },
    {
      id: 'default_tlp',
      header: 'Default TLP',
      width: '9rem',
      cell: (row) => <TlpBadge tlp={row.default_tlp} />,
      csv: (row) => tlpLabel(row.default_tlp),
    },
    {
      id: 'schedule',
      header: 'Schedule',
      width: '9rem',
      cell: (row) => scheduleText(row.sync_interval_seconds),
      csv: (row) => row.sync_interval_seconds,
    },
    {
      id: 'enabled',
      header: 'Enabled',
      width: '5.5rem',
      cell: (row) => (row.enabled ? 'Yes' : 'No'),
      csv: (row) => row.enabled,
    },
    {
      id: 'format',
      header: 'Format',
      width: '7rem',
      cell: (row) => row.format ?? row.kind,
      csv: (row) => row.format,
    },
  ];
}
