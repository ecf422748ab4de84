/** Before any telemetry: where it comes from, so the page is a next step rather than a blank. */
import { Code, Heading, Stack, Text } from '@chakra-ui/react';

const COMMANDS = [
  'npm run intel -- import eve.json --format suricata-eve',
  'npm run intel -- import conn.log --format zeek --sensor edge-fw-1',
];

export function TelemetryEmptyState() {
  return (
    <Stack
      as="section"
      aria-labelledby="no-telemetry"
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="6"
      maxWidth="48rem"
    >
      <Heading as="h2" size="md" id="no-telemetry">
        No network telemetry yet
      </Heading>
      <Text>
        Upload a sensor log above, or import it from the command line on the platform host: Suricata EVE JSON
        or Zeek logs (TSV or JSON), compressed or not. Each event is matched against the indicators; what
        matches becomes a sighting here, and an alert in the Threat Intelligence Hub when the detection rule
        allows.
      </Text>
      <Stack gap="2">
        {COMMANDS.map((command) => (
          <Code key={command} display="block" p="2" whiteSpace="pre-wrap">
            {command}
          </Code>
        ))}
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        --sensor names the sensor when the log does not (EVE’s host field does); events are counted per
        sensor, hour and event type for the volume chart.
      </Text>
    </Stack>
  );
}
