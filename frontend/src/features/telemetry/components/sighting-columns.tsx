/** The sightings table's columns: the indicator, where and how often it was seen, and its last event. */
import { Link as ChakraLink, Flex, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { countColumn } from '@/components/data-table/columns';
import type { DataTableColumn } from '@/components/data-table/types';
import { IndicatorValue } from '@/components/intel/indicator-value';
import { AsText, CountryText } from '@/components/intel/network-origin';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatCompactDateTime } from '@/lib/format/format';
import { TYPE_NAMES, type IndicatorType } from '@/lib/intel/indicator-input';
import { asLabel, eventOrigin } from '@/lib/intel/network-origin';
import { InertText, inertString } from '@/lib/security/inert-text';
import type { SightingRow } from '@/features/telemetry/api/get-sightings';
import { eventHeadline, summarizeEvent } from '@/features/telemetry/utils/event-summary';

const dateCell = (value: string | null) => (
  <Text as="span" fontVariantNumeric="tabular-nums">
    {formatCompactDateTime(value) ?? '—'}
  </Text>
);

const matchedOrigin = (event: unknown) => eventOrigin(event, 'dest') ?? eventOrigin(event, 'src');

export function sightingColumns(hrefFor: (indicatorId: number) => string): DataTableColumn<SightingRow>[] {
  return [
    {
      id: 'indicator',
      header: 'Indicator',
      width: 'minmax(14rem, 3fr)',
      required: true,
      cell: (row) =>
        row.indicators ? (
          <IndicatorValue value={row.indicators.value} singleLine />
        ) : (
          <Text as="span" color="fg.muted">
            Beyond your TLP clearance
          </Text>
        ),
      csv: (row) => row.indicators?.value,
    },
    {
      id: 'type',
      header: 'Type',
      width: '7rem',
      cell: (row) =>
        row.indicators ? (TYPE_NAMES[row.indicators.type as IndicatorType] ?? row.indicators.type) : '—',
      csv: (row) => row.indicators?.type,
    },
    {
      id: 'tlp',
      header: 'TLP',
      width: '8rem',
      cell: (row) => (row.indicators ? <TlpBadge tlp={row.indicators.tlp} /> : '—'),
      csv: (row) => row.indicators?.tlp,
    },
    {
      id: 'sensor',
      header: 'Sensor',
      width: 'minmax(8rem, 1fr)',
      cell: (row) => <InertText value={row.sensor ?? ''} defangLinks={false} singleLine />,
      csv: (row) => row.sensor,
    },
    countColumn('count', 'Events', '5.5rem', (row) => row.count),
    {
      id: 'first_seen',
      header: 'First seen (UTC)',
      width: '9.5rem',
      cell: (row) => dateCell(row.first_seen),
      csv: (row) => row.first_seen,
    },
    {
      id: 'last_seen',
      header: 'Last seen (UTC)',
      width: '9.5rem',
      cell: (row) => dateCell(row.last_seen),
      csv: (row) => row.last_seen,
    },
    {
      // The remote side's offline AS and country (the destination, else the source).
      id: 'network',
      header: 'Remote AS / country',
      width: 'minmax(10rem, 1fr)',
      cell: (row) => {
        const origin = matchedOrigin(row.last_event);
        return origin ? (
          <Flex gap="2" overflow="hidden">
            {origin.country && <CountryText code={origin.country} />}
            <AsText origin={origin} />
          </Flex>
        ) : null;
      },
      csv: (row) => {
        const origin = matchedOrigin(row.last_event);
        return origin ? [asLabel(origin), origin.country ?? ''].join(' ').trim() : '';
      },
    },
    {
      id: 'event',
      header: 'Last event',
      width: 'minmax(16rem, 3fr)',
      cell: (row) => {
        const event = summarizeEvent(row.last_event);
        const parts = [event.eventType, event.flow, eventHeadline(event)].filter((part) => part);
        return <InertText value={parts.join(' · ')} singleLine />;
      },
      csv: (row) => {
        const event = summarizeEvent(row.last_event);
        return [event.eventType, event.flow, ...event.details.map((item) => `${item.label}: ${item.value}`)]
          .filter((part) => part)
          .join(' · ');
      },
    },
    {
      id: 'open',
      header: 'Open',
      width: '4.5rem',
      required: true,
      cell: (row) =>
        row.indicators && (
          <ChakraLink asChild>
            <Link
              to={hrefFor(row.indicators.id)}
              aria-label={`Open ${inertString(row.indicators.value)} in IOC Intelligence`}
              // The row opens it too; one navigation is enough.
              onClick={(event) => event.stopPropagation()}
            >
              Open
            </Link>
          </ChakraLink>
        ),
    },
  ];
}
