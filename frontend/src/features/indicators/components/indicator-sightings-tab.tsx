/** Where our sensors (or a feed) saw one indicator; each sensor opens Network Monitoring on it. */
import { Link as ChakraLink, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { entityPaths } from '@/config/paths';
import { formatDateTime, formatInteger } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { IndicatorActivity } from '@/features/indicators/api/get-indicator-activity';
import {
  useIndicatorSightings,
  type IndicatorSighting,
} from '@/features/indicators/api/get-indicator-sightings';
import { ActivitySummary } from './activity-summary';

function Where({ sighting }: { sighting: IndicatorSighting }) {
  if (sighting.sensor === null) {
    const places = sighting.where_sighted_refs.length;
    return (
      <Text as="span" color="fg.muted">
        Reported by a feed{places ? ` (${formatInteger(places)} ${places === 1 ? 'place' : 'places'})` : ''}
      </Text>
    );
  }
  // A sensor is our own: its name is shown as it is, not defanged.
  return (
    <ChakraLink asChild colorPalette="blue">
      <Link to={entityPaths.sensor(sighting.sensor)}>
        <InertText value={sighting.sensor} defangLinks={false} singleLine />
      </Link>
    </ChakraLink>
  );
}

export function IndicatorSightingsTab({ id, activity }: { id: number; activity: IndicatorActivity | null }) {
  const sightings = useIndicatorSightings(id);
  if (sightings.isPending) return <Spinner size="sm" />;
  if (sightings.isError)
    return <Text role="alert">The sightings could not be loaded: {sightings.error.message}</Text>;
  if (sightings.data.length === 0)
    return <Text color="fg.muted">No sensor or feed has reported seeing it.</Text>;
  return (
    <Stack gap="2">
      {/* Above the table, not its caption: a phone scrolls the table sideways and would cut it. */}
      <Text fontSize="sm" color="fg.muted">
        {activity &&
          `Seen ${formatInteger(activity.seen)} ${activity.seen === 1 ? 'time' : 'times'} on ${formatInteger(activity.sensors)} ${activity.sensors === 1 ? 'sensor' : 'sensors'}. `}
        <ActivitySummary shown={sightings.data.length} total={activity?.sightings} noun="sightings" />
      </Text>
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label="Sightings">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Where</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Times</Table.ColumnHeader>
              <Table.ColumnHeader>First seen</Table.ColumnHeader>
              <Table.ColumnHeader>Last seen</Table.ColumnHeader>
              <Table.ColumnHeader>Last event</Table.ColumnHeader>
              <Table.ColumnHeader>TLP</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {sightings.data.map((sighting) => (
              <Table.Row key={sighting.stix_id}>
                <Table.Cell>
                  <Where sighting={sighting} />
                </Table.Cell>
                <Table.Cell textAlign="end">{formatInteger(sighting.count)}</Table.Cell>
                <Table.Cell>{formatDateTime(sighting.first_seen) ?? '—'}</Table.Cell>
                <Table.Cell>{formatDateTime(sighting.last_seen) ?? '—'}</Table.Cell>
                <Table.Cell>
                  {sighting.last_event_type ? (
                    <InertText value={sighting.last_event_type} defangLinks={false} />
                  ) : (
                    '—'
                  )}
                </Table.Cell>
                <Table.Cell>
                  <TlpBadge tlp={sighting.tlp} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
