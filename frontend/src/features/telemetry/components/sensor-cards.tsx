/** One card per sensor: its totals and its last event; a card narrows the page to that sensor. */
import { Badge, Button, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { formatDateTime, formatInteger, formatPercent } from '@/lib/format/format';
import { InertText, inertString } from '@/lib/security/inert-text';
import type { SensorRow } from '@/features/telemetry/api/get-sensors';

interface SensorCardsProps {
  sensors: readonly SensorRow[];
  selected: string | undefined;
  onSelect: (sensor: string | undefined) => void;
}

export function SensorCards({ sensors, selected, onSelect }: SensorCardsProps) {
  return (
    <Grid
      as="ul"
      aria-label="Sensors"
      templateColumns="repeat(auto-fill, minmax(16rem, 1fr))"
      gap="3"
      listStyleType="none"
      ps="0"
    >
      {sensors.map((sensor) => {
        const active = sensor.name === selected;
        const name = inertString(sensor.name, { defang: false });
        return (
          <Stack
            as="li"
            key={sensor.name}
            gap="2"
            borderWidth="1px"
            borderRadius="md"
            p="4"
            borderColor={active ? 'colorPalette.solid' : undefined}
          >
            <Flex gap="2" align="center" minWidth="0">
              <Text fontWeight="semibold" flex="1" minWidth="0">
                <InertText value={sensor.name} defangLinks={false} singleLine />
              </Text>
              <Badge size="sm" variant="subtle">
                {sensor.kind}
              </Badge>
            </Flex>
            <Text fontSize="sm">
              {formatInteger(sensor.events)} events, {formatInteger(sensor.matched_events)} matched (
              {formatPercent(sensor.events ? sensor.matched_events / sensor.events : 0)})
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Last event: {formatDateTime(sensor.last_event_at) ?? 'none yet'}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              Last import: {formatDateTime(sensor.last_import_at) ?? '—'}
            </Text>
            <Button
              size="xs"
              variant={active ? 'solid' : 'outline'}
              alignSelf="flex-start"
              aria-pressed={active}
              // A toggle keeps its name; pressed, it narrows the page to this sensor.
              aria-label={`Only ${name}`}
              onClick={() => onSelect(active ? undefined : sensor.name)}
            >
              Only this sensor
            </Button>
          </Stack>
        );
      })}
    </Grid>
  );
}
