/** Channels with their ceiling and state; targets and names render as text. */
import { Badge, Button, Flex, Table, Text } from '@chakra-ui/react';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { tlpLabel } from '@/components/intel/tlp-badge';
import type { NotificationChannel } from '@/features/notifications/api/list-notification-channels';
import { kindLabel } from '@/features/notifications/utils/labels';

interface ChannelsTableProps {
  channels: NotificationChannel[];
  onEdit: (channel: NotificationChannel) => void;
  onTest: (channel: NotificationChannel) => void;
  onDelete: (channel: NotificationChannel) => Promise<void>;
  deleting: boolean;
}

export function ChannelsTable({ channels, onEdit, onTest, onDelete, deleting }: ChannelsTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Notification channels">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Channel</Table.ColumnHeader>
            <Table.ColumnHeader>Destination</Table.ColumnHeader>
            <Table.ColumnHeader>TLP ceiling</Table.ColumnHeader>
            <Table.ColumnHeader>State</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text as="span" srOnly>
                Actions
              </Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {channels.map((channel) => (
            <Table.Row key={channel.id} verticalAlign="top">
              <Table.Cell>
                <Text fontWeight="medium">{channel.name}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {kindLabel(channel.kind)}
                  {channel.kind === 'webhook' &&
                    (channel.has_secret ? ' · signed (Standard Webhooks)' : ' · no secret')}
                  {channel.owner_id && ' · a user’s own'}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Text fontSize="sm" wordBreak="break-all" maxW="22rem" pe="2">
                  {channel.target}
                </Text>
              </Table.Cell>
              <Table.Cell>{tlpLabel(channel.max_tlp)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={channel.enabled ? 'green' : 'gray'}>
                  {channel.enabled ? 'On' : 'Off'}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                <Flex gap="1" wrap="nowrap" justify="end">
                  <Button size="xs" variant="outline" onClick={() => onTest(channel)}>
                    Send test
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => onEdit(channel)}>
                    Edit
                  </Button>
                  <ConfirmDelete
                    subject={`the channel ${channel.name}`}
                    onConfirm={() => onDelete(channel)}
                    pending={deleting}
                    warning="Its delivery log goes with it."
                  />
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
