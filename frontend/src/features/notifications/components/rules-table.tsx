/** Rules: the events they notify, to which channels; a saved view shows its page and filters as text. */
import { Badge, Button, Flex, Table, Text } from '@chakra-ui/react';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import type { NotificationChannel } from '@/features/notifications/api/list-notification-channels';
import type { NotificationRule } from '@/features/notifications/api/list-notification-rules';
import { digestLabel, eventLabel } from '@/features/notifications/utils/labels';

interface RulesTableProps {
  rules: NotificationRule[];
  channels: NotificationChannel[];
  onToggle: (rule: NotificationRule) => void;
  onDelete: (rule: NotificationRule) => Promise<void>;
  deleting: boolean;
}

function what(rule: NotificationRule): string {
  if (rule.event_kind === 'saved_view')
    return `${rule.view_page}${rule.view_query ? `?${rule.view_query}` : ''}`;
  if (rule.event_kind === 'import_failed') return 'every failed import or sync';
  return `severity ${rule.min_severity} and above`;
}

export function RulesTable({ rules, channels, onToggle, onDelete, deleting }: RulesTableProps) {
  const names = new Map(channels.map((c) => [c.id, c.name]));
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Notification rules">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Rule</Table.ColumnHeader>
            <Table.ColumnHeader>Event</Table.ColumnHeader>
            <Table.ColumnHeader>Channels</Table.ColumnHeader>
            <Table.ColumnHeader>State</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text as="span" srOnly>
                Actions
              </Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rules.map((rule) => (
            <Table.Row key={rule.id} verticalAlign="top">
              <Table.Cell>
                <Text fontWeight="medium">{rule.name}</Text>
                {rule.owner_id && rule.event_kind === 'saved_view' && (
                  <Text fontSize="xs" color="fg.muted">
                    a user’s “notify me”
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell maxW="22rem">
                <Text fontSize="sm">{eventLabel(rule.event_kind)}</Text>
                <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                  {what(rule)}
                </Text>
                {rule.digest !== 'none' && (
                  <Badge size="sm" variant="outline" mt="1">
                    {digestLabel(rule.digest)}
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell>
                <Text fontSize="sm">
                  {rule.channel_ids.map((id) => names.get(id) ?? 'a channel').join(', ')}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={rule.enabled ? 'green' : 'gray'}>{rule.enabled ? 'On' : 'Paused'}</Badge>
              </Table.Cell>
              <Table.Cell>
                <Flex gap="1" wrap="nowrap" justify="end">
                  <Button size="xs" variant="outline" onClick={() => onToggle(rule)}>
                    {rule.enabled ? 'Pause' : 'Resume'}
                  </Button>
                  <ConfirmDelete
                    subject={`the rule ${rule.name}`}
                    onConfirm={() => onDelete(rule)}
                    pending={deleting}
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
