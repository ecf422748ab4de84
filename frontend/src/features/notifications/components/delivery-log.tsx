/** The delivery log with a filter for dead letters and retries; refreshed every 15 s. */
import { Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { NotificationChannel } from '@/features/notifications/api/list-notification-channels';
import {
  useNotificationDeliveries,
  type DeliveryFilter,
} from '@/features/notifications/api/list-notification-deliveries';
import { useRetryNotificationDelivery } from '@/features/notifications/api/retry-notification-delivery';
import { DeliveriesTable } from './deliveries-table';

export function DeliveryLog({ channels }: { channels: NotificationChannel[] }) {
  const [filter, setFilter] = useState<DeliveryFilter>('all');
  const deliveries = useNotificationDeliveries(filter);
  const retry = useRetryNotificationDelivery();
  return (
    <Stack gap="2">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h3" size="sm" flex="1">
          Delivery log
        </Heading>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label="Show"
            value={filter}
            onChange={(e) => setFilter(e.target.value as DeliveryFilter)}
          >
            <option value="all">Latest 100</option>
            <option value="failed">Dead letters and retries</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      {deliveries.isPending ? (
        <Text color="fg.muted">Loading the log…</Text>
      ) : deliveries.isError ? (
        <Text role="alert" color="fg.error">
          The log could not be read: {deliveries.error.message}
        </Text>
      ) : deliveries.data.length === 0 ? (
        <Text color="fg.muted">{filter === 'failed' ? 'Nothing failing.' : 'Nothing sent yet.'}</Text>
      ) : (
        <DeliveriesTable
          deliveries={deliveries.data}
          channels={channels}
          retrying={retry.isPending}
          onRetry={(d) =>
            void retry.mutateAsync(d.id).then(
              () => toast({ title: 'Queued again', description: 'The worker tries it now.' }),
              (error: unknown) =>
                toast({ title: 'Not queued', description: (error as Error).message, variant: 'destructive' }),
            )
          }
        />
      )}
    </Stack>
  );
}
