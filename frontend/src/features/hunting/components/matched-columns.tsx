/** The columns of the matched values: what each cell shows and what the CSV export writes. */
import { Button, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/types';
import { IndicatorValue } from '@/components/intel/indicator-value';
import { LifecycleBadge } from '@/components/intel/lifecycle-badge';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatCompactDateTime, formatInteger } from '@/lib/format/format';
import { TYPE_NAMES } from '@/lib/intel/indicator-input';
import { entityPaths } from '@/config/paths';
import { InertText, inertString } from '@/lib/security/inert-text';
import type { HuntMatch, NotMatched } from '@/features/hunting/utils/hunt-result';

const list = (items: readonly string[]) => (
  <InertText value={items.join(', ')} defangLinks={false} singleLine />
);

export function matchedColumns({
  onRaise,
  raising,
  raised = new Map(),
}: {
  onRaise: (row: HuntMatch) => void;
  raising: boolean;
  /** Indicator id → the alert raised for it on this page. */
  raised?: ReadonlyMap<number, string>;
}): DataTableColumn<HuntMatch>[] {
  return [
    {
      id: 'value',
      header: 'Indicator',
      width: 'minmax(16rem, 3fr)',
      required: true,
      cell: (row) => <IndicatorValue value={row.value} singleLine />,
      csv: (row) => row.value,
    },
    {
      id: 'type',
      header: 'Type',
      width: '7rem',
      cell: (row) => TYPE_NAMES[row.type],
      csv: (row) => row.type,
    },
    {
      id: 'tlp',
      header: 'TLP',
      width: '8rem',
      cell: (row) => <TlpBadge tlp={row.tlp} />,
      csv: (row) => row.tlp,
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
      id: 'sources',
      header: 'Sources',
      width: 'minmax(8rem, 1fr)',
      cell: (row) => list(row.sources),
      csv: (row) => row.sources.join('; '),
    },
    {
      id: 'malware',
      header: 'Malware',
      width: 'minmax(8rem, 1fr)',
      cell: (row) => list(row.malware),
      csv: (row) => row.malware.join('; '),
    },
    {
      id: 'last_seen',
      header: 'Last seen (UTC)',
      width: '9.5rem',
      cell: (row) => (
        <Text as="span" fontVariantNumeric="tabular-nums">
          {formatCompactDateTime(row.last_seen) ?? '—'}
        </Text>
      ),
      csv: (row) => row.last_seen,
    },
    {
      id: 'sightings',
      header: 'Sightings',
      width: 'minmax(9rem, 1fr)',
      cell: (row) =>
        row.sightings > 0 ? (
          <InertText
            value={`${formatInteger(row.sightings)} on ${row.sensors.join(', ')}`}
            defangLinks={false}
            singleLine
          />
        ) : (
          <Text as="span" color="fg.muted">
            none
          </Text>
        ),
      csv: (row) => row.sightings,
    },
    {
      id: 'status',
      header: 'Status',
      width: '6rem',
      // The server's verdict: an expired, revoked or decayed value is found but no longer alerts.
      cell: (row) => <LifecycleBadge state={row.lifecycle_state} />,
      csv: (row) => row.lifecycle_state,
    },
    {
      id: 'alert',
      header: 'Alert',
      width: '7.5rem',
      cell: (row) => {
        const alertId = raised.get(row.id);
        if (alertId)
          return (
            <ChakraLink asChild fontSize="sm" onClick={(event) => event.stopPropagation()}>
              <Link to={entityPaths.alert(String(alertId))}>Alert raised</Link>
            </ChakraLink>
          );
        return (
          <Button
            size="2xs"
            variant="outline"
            disabled={raising}
            aria-label={`Raise an alert for ${inertString(row.value)}`}
            onClick={(event) => {
              event.stopPropagation();
              onRaise(row);
            }}
          >
            Raise alert
          </Button>
        );
      },
    },
  ];
}

/** The export keeps what the cells abbreviate: every sensor, and the indicator's id for follow-up. */
const exportOnly = (id: string, header: string, csv: DataTableColumn<HuntMatch>['csv']) => ({
  id,
  header,
  width: '0',
  cell: () => null,
  csv,
});

export function matchedExportColumns(columns: readonly DataTableColumn<HuntMatch>[]) {
  return [
    ...columns,
    exportOnly('sensors', 'Sensors', (row) => row.sensors.join('; ')),
    exportOnly('first_seen', 'First seen (UTC)', (row) => row.first_seen),
    exportOnly('indicator_id', 'Indicator id', (row) => row.id),
  ];
}

export const notMatchedColumns: DataTableColumn<NotMatched>[] = [
  {
    id: 'value',
    header: 'Value',
    width: 'minmax(16rem, 3fr)',
    required: true,
    cell: (row) => <IndicatorValue value={row.value} singleLine />,
    csv: (row) => row.value,
  },
  { id: 'type', header: 'Type', width: '10rem', cell: (row) => TYPE_NAMES[row.type], csv: (row) => row.type },
];
