/**
 * System Configuration, "Enrichment services" (issue 30 §2): the online services analysts may ask
 * about a value from its drawer. All are off by default (a value sent out is a value seen by
 * someone else); each is enabled here with its key, which is never shown again. Values marked
 * PAP:AMBER or above are never sent, whatever is enabled. The latest failure of each (bad key,
 * unexpected answer) is shown beside it.
 */
import { Badge, Button, Flex, Heading, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import {
  useEnrichmentServices,
  type EnrichmentServiceSettings,
} from '@/features/enrichment-services/api/list-enrichment-services';
import { EnrichmentServiceDialog } from './enrichment-service-dialog';

function KeyState({ service }: { service: EnrichmentServiceSettings }) {
  if (service.has_key) return <Badge colorPalette="green">Key set</Badge>;
  return <Badge variant="outline">{service.needs_key ? 'Key not set' : 'No key needed'}</Badge>;
}

export function EnrichmentServicesSection() {
  const services = useEnrichmentServices();
  const [editing, setEditing] = useState<EnrichmentServiceSettings | null>(null);
  return (
    <Stack gap="3" as="section" aria-labelledby="enrichment-services-heading">
      <Heading as="h2" size="md" id="enrichment-services-heading">
        Enrichment services
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        Online services an analyst may ask about an indicator from its drawer. Each is off until enabled here;
        answers are kept for everyone until they expire. A value marked PAP:AMBER or PAP:RED is never sent to
        any of them.
      </Text>
      {services.isPending ? (
        <Flex gap="2" align="center" role="status" color="fg.muted">
          <Spinner size="sm" /> Loading the services…
        </Flex>
      ) : services.isError ? (
        <Text role="alert" color="fg.error">
          The services could not be loaded: {services.error.message}
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Enrichment services">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Service</Table.ColumnHeader>
                <Table.ColumnHeader>State</Table.ColumnHeader>
                <Table.ColumnHeader>Key</Table.ColumnHeader>
                <Table.ColumnHeader>Base URL</Table.ColumnHeader>
                <Table.ColumnHeader>Reused for</Table.ColumnHeader>
                <Table.ColumnHeader>Latest failure</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text as="span" srOnly>
                    Actions
                  </Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {services.data.map((service) => (
                <Table.Row key={service.id}>
                  <Table.Cell>
                    <Text fontWeight="medium">{service.name}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {service.indicator_types.join(', ')}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {service.enabled ? (
                      <Badge colorPalette="blue">Enabled</Badge>
                    ) : (
                      <Badge variant="outline">Off</Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <KeyState service={service} />
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" fontSize="xs" maxW="16rem">
                    <InertText value={service.base_url} defangLinks={false} singleLine />
                  </Table.Cell>
                  <Table.Cell>{service.ttl_hours} h</Table.Cell>
                  <Table.Cell maxW="18rem" fontSize="xs">
                    {service.last_error ? (
                      <>
                        <Text color="fg.error">
                          <InertText value={service.last_error} defangLinks={false} />
                        </Text>
                        <Text color="fg.muted">{formatDateTime(service.last_error_at)}</Text>
                      </>
                    ) : (
                      '—'
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={`Edit ${service.name}`}
                      onClick={() => setEditing(service)}
                    >
                      Edit
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {editing && <EnrichmentServiceDialog service={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
