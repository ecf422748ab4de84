/** One security event in a drawer; its details (reported by browsers) rendered inert as a JSON tree. */
import { Stack, Text } from '@chakra-ui/react';
import { EntityDrawer } from '@/components/entity/entity-drawer';
import { Facts } from '@/components/entity/facts';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { SecurityEventRow } from '@/features/admin-dashboard/api/get-security-events';
import { JsonTree } from './json-tree';
import { SeverityBadge } from './severity-badge';

export function EventDrawer({
  event,
  onClose,
}: {
  event: SecurityEventRow | undefined;
  onClose: () => void;
}) {
  return (
    <EntityDrawer
      open={event !== undefined}
      onClose={onClose}
      kind="Security event"
      title={event ? <InertText value={event.event_type} defangLinks={false} /> : ''}
      subtitle={event ? formatDateTime(event.created_at) : undefined}
      tabs={
        event
          ? [
              {
                id: 'overview',
                label: 'Overview',
                content: (
                  <Stack gap="4">
                    <Facts
                      items={[
                        ['Severity', <SeverityBadge key="severity" severity={event.severity} />],
                        ['Reported by', event.source === 'server' ? 'The server' : 'A browser'],
                        ['User', event.user_id],
                        [
                          'User agent',
                          event.user_agent && <InertText value={event.user_agent} defangLinks={false} />,
                        ],
                      ]}
                    />
                    <Text fontWeight="semibold">Details</Text>
                    <JsonTree value={event.details} />
                  </Stack>
                ),
              },
            ]
          : []
      }
    />
  );
}
