/** The user's keys, active first, each revocable; names are rendered as text only. */
import { Badge, Button, Table, Text } from '@chakra-ui/react';
import { formatDateTime } from '@/lib/format/format';
import type { ApiKey } from '@/features/api-keys/api/list-api-keys';
import { useRevokeApiKey } from '@/features/api-keys/api/revoke-api-key';

export function ApiKeysTable({ keys }: { keys: ApiKey[] }) {
  const revoke = useRevokeApiKey();
  if (keys.length === 0) return <Text color="fg.muted">You have no API keys yet.</Text>;
  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Your API keys">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>Key</Table.ColumnHeader>
              <Table.ColumnHeader>Created</Table.ColumnHeader>
              <Table.ColumnHeader>Last used</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Text as="span" srOnly>
                  Actions
                </Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {keys.map((key) => (
              <Table.Row key={key.id}>
                <Table.Cell>{key.name}</Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs">
                  {key.prefix}…
                </Table.Cell>
                <Table.Cell>{formatDateTime(key.created_at) ?? '—'}</Table.Cell>
                <Table.Cell>{formatDateTime(key.last_used_at) ?? 'Never'}</Table.Cell>
                <Table.Cell textAlign="end">
                  {key.revoked_at ? (
                    <Badge colorPalette="gray">Revoked</Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Revoke ${key.name}`}
                      loading={revoke.isPending && revoke.variables === key.id}
                      onClick={() => revoke.mutate(key.id)}
                    >
                      Revoke
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {revoke.isError && (
        <Text role="alert" color="fg.error" fontSize="sm">
          The key could not be revoked: {revoke.error.message}
        </Text>
      )}
    </>
  );
}
