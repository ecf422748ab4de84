/**
 * Notifications that leave the app (issue 27 §3): channels (webhooks signed per Standard Webhooks,
 * Slack, Mattermost, Teams, e-mail), the rules that send events to them, and the delivery log with
 * dead letters to retry. Administrators with a verified second factor manage them; the server checks
 * and audits every change whatever this page shows. The worker captures events and delivers.
 */
import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useDeleteNotificationChannel } from '@/features/notifications/api/delete-notification-channel';
import { useDeleteNotificationRule } from '@/features/notifications/api/delete-notification-rule';
import {
  useNotificationChannels,
  type NotificationChannel,
} from '@/features/notifications/api/list-notification-channels';
import { useNotificationRules } from '@/features/notifications/api/list-notification-rules';
import type { ChannelSecret } from '@/features/notifications/api/save-notification-channel';
import { useSendNotificationTest } from '@/features/notifications/api/send-notification-test';
import { useSetNotificationRuleEnabled } from '@/features/notifications/api/set-notification-rule-enabled';
import { ChannelDialog } from './channel-dialog';
import { ChannelsTable } from './channels-table';
import { DeliveryLog } from './delivery-log';
import { RuleDialog } from './rule-dialog';
import { RulesTable } from './rules-table';
import { SecretDialog } from './secret-dialog';

const failed = (title: string) => (error: unknown) => {
  toast({ title, description: (error as Error).message, variant: 'destructive' });
};

export function NotificationsSection() {
  const channels = useNotificationChannels();
  const rules = useNotificationRules();
  const removeChannel = useDeleteNotificationChannel();
  const removeRule = useDeleteNotificationRule();
  const toggleRule = useSetNotificationRuleEnabled();
  const test = useSendNotificationTest();
  const [editing, setEditing] = useState<{ channel?: NotificationChannel } | null>(null);
  const [addingRule, setAddingRule] = useState(false);
  const [secret, setSecret] = useState<ChannelSecret | null>(null);
  const channelList = channels.data ?? [];

  const onTest = (channel: NotificationChannel) =>
    test.mutateAsync(channel.id).then(
      () =>
        toast({
          title: 'Test queued',
          description: `The worker sends it to “${channel.name}” now; see the log.`,
        }),
      failed('No test sent'),
    );

  return (
    <Stack as="section" aria-labelledby="notifications-heading" gap="5">
      <Stack gap="1">
        <Heading as="h2" size="md" id="notifications-heading">
          Notifications
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Alerts, known exploited vulnerabilities on assets, watch hits and failed imports, sent to webhooks,
          chat and e-mail by the worker. Each channel has a TLP ceiling: nothing marked above it leaves.
        </Text>
      </Stack>

      <Stack gap="2">
        <Flex gap="3" align="center">
          <Heading as="h3" size="sm" flex="1">
            Channels
          </Heading>
          <Button size="sm" onClick={() => setEditing({})}>
            New channel
          </Button>
        </Flex>
        {channels.isPending ? (
          <Text color="fg.muted">Loading the channels…</Text>
        ) : channels.isError ? (
          <Text role="alert" color="fg.error">
            The channels could not be read: {channels.error.message}
          </Text>
        ) : channelList.length === 0 ? (
          <Text color="fg.muted">No channel yet: add a webhook, a chat or an e-mail address.</Text>
        ) : (
          <ChannelsTable
            channels={channelList}
            onEdit={(channel) => setEditing({ channel })}
            onTest={(channel) => void onTest(channel)}
            onDelete={(channel) =>
              removeChannel.mutateAsync(channel.id).then(() => {
                toast({ title: 'Channel deleted' });
              }, failed('Not deleted'))
            }
            deleting={removeChannel.isPending}
          />
        )}
      </Stack>

      <Stack gap="2">
        <Flex gap="3" align="center">
          <Heading as="h3" size="sm" flex="1">
            Rules
          </Heading>
          <Button size="sm" onClick={() => setAddingRule(true)} disabled={channelList.length === 0}>
            New rule
          </Button>
        </Flex>
        {rules.isPending ? (
          <Text color="fg.muted">Loading the rules…</Text>
        ) : rules.isError ? (
          <Text role="alert" color="fg.error">
            The rules could not be read: {rules.error.message}
          </Text>
        ) : rules.data.length === 0 ? (
          <Text color="fg.muted">No rule yet: nothing is sent until a rule says what goes where.</Text>
        ) : (
          <RulesTable
            rules={rules.data}
            channels={channelList}
            onToggle={(rule) =>
              void toggleRule
                .mutateAsync({ id: rule.id, enabled: !rule.enabled })
                .catch(failed('Not changed'))
            }
            onDelete={(rule) =>
              removeRule.mutateAsync(rule.id).then(() => {
                toast({ title: 'Rule deleted' });
              }, failed('Not deleted'))
            }
            deleting={removeRule.isPending}
          />
        )}
      </Stack>

      <DeliveryLog channels={channelList} />

      {editing && (
        <ChannelDialog
          channel={editing.channel}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            if (created) setSecret(created);
            else toast({ title: 'Channel saved' });
          }}
        />
      )}
      {addingRule && (
        <RuleDialog
          channels={channelList}
          onClose={() => setAddingRule(false)}
          onSaved={() => {
            setAddingRule(false);
            toast({ title: 'Rule added', description: 'Events from now on are notified.' });
          }}
        />
      )}
      {secret && <SecretDialog created={secret} onDone={() => setSecret(null)} />}
    </Stack>
  );
}
