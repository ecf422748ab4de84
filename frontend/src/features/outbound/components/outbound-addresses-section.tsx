/**
 * System Configuration, "Outbound addresses" (issue 36): sources, TAXII servers and webhooks never
 * reach link-local or cloud metadata addresses, nor private ones when "Refuse private and loopback
 * addresses" is on, unless an administrator allows the address here. The server checks and audits
 * every change; the worker reads the list at each sync and delivery.
 */
import { Button, Flex, Heading, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { formatDateTime } from '@/lib/format/format';
import { useAllowedAddresses } from '@/features/outbound/api/list-allowed-addresses';
import { useRemoveAllowedAddress } from '@/features/outbound/api/remove-allowed-address';
import { AllowAddressForm } from './allow-address-form';

export function OutboundAddressesSection() {
  const addresses = useAllowedAddresses();
  const remove = useRemoveAllowedAddress();
  return (
    <Stack gap="3" as="section" aria-labelledby="outbound-addresses-heading">
      <Heading as="h2" size="md" id="outbound-addresses-heading">
        Outbound addresses
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        Sources, TAXII servers and webhooks are never sent to link-local or cloud metadata addresses
        (169.254.0.0/16, fe80::/10, fd00:ec2::254, metadata host names), nor to private and loopback addresses
        when the setting above refuses them. Allow an address or range here only for a service you know lives
        there.
      </Text>
      <AllowAddressForm />
      {addresses.isPending ? (
        <Flex gap="2" align="center" role="status" color="fg.muted">
          <Spinner size="sm" /> Loading the allowed addresses…
        </Flex>
      ) : addresses.isError ? (
        <Text role="alert" color="fg.error">
          The allowed addresses could not be loaded: {addresses.error.message}
        </Text>
      ) : addresses.data.length === 0 ? (
        <Text color="fg.muted">No address is allowed beyond the rules.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Allowed outbound addresses">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Address or range</Table.ColumnHeader>
                <Table.ColumnHeader>Why</Table.ColumnHeader>
                <Table.ColumnHeader>Allowed</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text as="span" srOnly>
                    Actions
                  </Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {addresses.data.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell fontFamily="mono" fontSize="xs">
                    {row.address}
                  </Table.Cell>
                  <Table.Cell>{row.reason}</Table.Cell>
                  <Table.Cell>{formatDateTime(row.created_at) ?? '—'}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Remove ${row.address}`}
                      loading={remove.isPending && remove.variables === row.id}
                      onClick={() => remove.mutate(row.id)}
                    >
                      Remove
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {remove.isError && (
        <Text role="alert" color="fg.error" fontSize="sm">
          The address could not be removed: {remove.error.message}
        </Text>
      )}
    </Stack>
  );
}
