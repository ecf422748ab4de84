/** Each service and its state as last checked, for the dashboard (the banner says only what is wrong). */
import { Badge, Heading, Stack, Table } from '@chakra-ui/react';
import { useAppSelector } from '@/app/store/hooks';
import { formatDateTime } from '@/lib/format/format';
import { selectServiceHealth } from '@/features/health/state/health-slice';
import { serviceNames } from '@/features/health/utils/service-status';

const LABELS = {
  database: 'Database',
  realtime: 'Real-time updates',
  auth: 'Authentication',
  storage: 'File storage',
};
const PALETTE = { healthy: 'green', degraded: 'orange', down: 'red' } as const;

export function ServiceHealthList() {
  const health = useAppSelector(selectServiceHealth);
  return (
    <Stack
      as="section"
      aria-labelledby="service-health-title"
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p="4"
    >
      <Heading as="h2" size="sm" id="service-health-title">
        Service health
      </Heading>
      <Table.Root size="sm">
        <Table.Body>
          {serviceNames.map((service) => (
            <Table.Row key={service}>
              <Table.Cell>{LABELS[service]}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={PALETTE[health[service].status]} size="sm">
                  {health[service].lastCheck ? health[service].status : 'checking'}
                </Badge>
              </Table.Cell>
              <Table.Cell color="fg.muted" fontSize="xs">
                {formatDateTime(health[service].lastCheck) ?? ''}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
