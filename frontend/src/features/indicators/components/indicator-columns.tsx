/** The IOC table's columns: what each cell shows and what the CSV export writes. */
import { Flex, Text } from '@chakra-ui/react';
import type { DataTableColumn } from '@/components/data-table/types';
import { IndicatorValue } from '@/components/intel/indicator-value';
import { LifecycleBadge } from '@/components/intel/lifecycle-badge';
import { AsText, CountryText } from '@/components/intel/network-origin';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatCompactDateTime } from '@/lib/format/format';
import { asLabel, type NetworkOrigin } from '@/lib/intel/network-origin';
import { TYPE_NAMES, type IndicatorType } from '@/lib/intel/indicator-input';
import { InertText } from '@/lib/security/inert-text';
import type { IndicatorRow } from '@/features/indicators/api/search-indicators';
import type { ListHits } from '@/features/indicators/utils/list-hits';
import { ListHitBadges } from './list-hit-badges';

/** A row of the list with the lists holding its value, once they are read. */
export type IndicatorListRow = IndicatorRow & { listHits?: ListHits };

const NO_ORIGIN: NetworkOrigin = { asn: null, asName: null, country: null };

const dateCell = (value: string | null) =>
  value ? (
    <Text as="span" fontVariantNumeric="tabular-nums">
      {formatCompactDateTime(value)}
    </Text>
  ) : (
    <Text as="span" color="fg.muted">
      —
    </Text>
  );

export const indicatorColumns: DataTableColumn<IndicatorListRow>[] = [
  {
    id: 'value',
    header: 'Indicator',
    width: 'minmax(16rem, 3fr)',
    required: true,
    sortable: true,
    cell: (row) => <IndicatorValue value={row.value} singleLine />,
    csv: (row) => row.value,
  },
  {
    id: 'type',
    header: 'Type',
    // Fits the longest type names ("JA3S fingerprint", "e-mail subject") on one line.
    width: '9rem',
    cell: (row) => TYPE_NAMES[row.type as IndicatorType] ?? row.type,
    csv: (row) => row.type,
  },
  {
    id: 'malware',
    header: 'Malware',
    width: 'minmax(8rem, 1fr)',
    cell: (row) => <InertText value={(row.malware ?? []).join(', ')} defangLinks={false} singleLine />,
    csv: (row) => (row.malware ?? []).join('; '),
  },
  {
    id: 'network',
    header: 'AS / country',
    width: 'minmax(10rem, 1fr)',
    // Addresses only (an asn indicator names its AS in its value); filled once the row's lists are read.
    cell: (row) =>
      row.listHits?.origin && (row.listHits.origin.asn !== null || row.listHits.origin.country) ? (
        <Flex gap="2" overflow="hidden">
          {row.listHits.origin.country && <CountryText code={row.listHits.origin.country} />}
          <AsText origin={row.listHits.origin} />
        </Flex>
      ) : null,
    csv: (row) =>
      [asLabel(row.listHits?.origin ?? NO_ORIGIN), row.listHits?.origin?.country ?? ''].join(' ').trim(),
  },
  {
    id: 'confidence',
    header: 'Confidence',
    width: '6.5rem',
    align: 'end',
    cell: (row) => row.confidence ?? '—',
    csv: (row) => row.confidence,
  },
  {
    id: 'score',
    header: 'Score',
    width: '5.5rem',
    align: 'end',
    sortable: true,
    cell: (row) => (
      <Text as="span" fontVariantNumeric="tabular-nums">
        {row.score}
      </Text>
    ),
    csv: (row) => row.score,
  },
  {
    id: 'status',
    header: 'Status',
    width: '16.5rem',
    // Beside the score it comes from. The server's verdict: revoked, expired (valid_until past), decayed (score under its type's threshold);
    // beside it the lists that hold the value, which keep it from alerting whatever its state.
    cell: (row) => (
      <Flex gap="1" wrap="nowrap" overflow="hidden">
        <LifecycleBadge state={row.lifecycle_state} />
        <ListHitBadges hits={row.listHits} />
      </Flex>
    ),
    csv: (row) => row.lifecycle_state,
  },
  {
    id: 'tlp',
    header: 'TLP',
    width: '8rem',
    cell: (row) => <TlpBadge tlp={row.tlp} />,
    csv: (row) => row.tlp,
  },
  {
    id: 'sources',
    header: 'Sources',
    width: '5.5rem',
    align: 'end',
    cell: (row) => row.source_count,
    csv: (row) => row.source_count,
  },
  {
    id: 'first_seen',
    header: 'First seen (UTC)',
    width: '9.5rem',
    sortable: true,
    cell: (row) => dateCell(row.first_seen),
    csv: (row) => row.first_seen,
  },
  {
    id: 'last_seen',
    header: 'Last seen (UTC)',
    width: '9.5rem',
    sortable: true,
    cell: (row) => dateCell(row.last_seen),
    csv: (row) => row.last_seen,
  },
];

/** The direction each server sort runs in (the keyset RPC sorts one way per key). */
export const SORT_DIRECTIONS = {
  last_seen: 'descending',
  first_seen: 'descending',
  score: 'descending',
  value: 'ascending',
} as const;
