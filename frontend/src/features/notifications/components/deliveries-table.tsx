/** The delivery log: each message's state, attempts, last answer and error; dead letters can be retried. */
import { Badge, Button, Table, Text } from '@chakra-ui/react';
import { formatDateTime } from '@/lib/format/format';
import type { NotificationChannel } from '@/features/notifications/api/list-notification-channels';
import type { NotificationDelivery } from '@/features/notifications/api/list-notification-deliveries';
import { eventLabel, statusPalette } from '@/features/notifications/utils/labels';

interface DeliveriesTableProps {
  deliveries: NotificationDelivery[];
  channels: NotificationChannel[];
  onRetry: (delivery: NotificationDelivery) => void;
  retrying: boolean;
}

export function DeliveriesTable({ deliveries, channels, onRetry, retrying }: DeliveriesTableProps) {
  const names = new Map(channels.map((c) => [c.id, c.name]));
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Delivery log">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Captured</Table.ColumnHeader>
            <Table.ColumnHeader>Event</Table.ColumnHeader>
            <Table.ColumnHeader>Channel</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Attempts</Table.ColumnHeader>
            <Table.ColumnHeader>Last answer</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text as="span" srOnly>
                Actions
              </Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {deliveries.map((d) => (
            <Table.Row key={d.id} verticalAlign="top">
              <Table.Cell whiteSpace="nowrap">{formatDateTime(d.created_at)}</Table.Cell>
              <Table.Cell maxW="20rem">
                <Text fontSize="sm">{d.event.title ?? d.event_key}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {eventLabel(d.event_kind)}
                  {d.event.severity ? ` · ${d.event.severity}` : ''}
                </Text>
              </Table.Cell>
              <Table.Cell>{names.get(d.channel_id) ?? 'a channel'}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={statusPalette(d.status)}>{d.status}</Badge>
                {d.status === 'retrying' && d.next_attempt_at && (
                  <Text fontSize="xs" color="fg.muted">
                    next {formatDateTime(d.next_attempt_at)}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">{d.attempts}</Table.Cell>
              <Table.Cell maxW="22rem">
                <Text fontSize="sm">
                  {d.response_status ?? '—'}
                  {d.last_duration_ms !== null ? ` · ${d.last_duration_ms} ms` : ''}
                </Text>
                {d.last_error && (
                  <Text
                    fontSize="xs"
                    color={d.status === 'skipped' ? 'fg.muted' : 'fg.error'}
                    wordBreak="break-word"
                  >
                    {d.last_error}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                {(d.status === 'dead' || d.status === 'retrying' || d.status === 'skipped') && (
                  <Button size="xs" variant="outline" onClick={() => onRetry(d)} loading={retrying}>
                    Retry now
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
