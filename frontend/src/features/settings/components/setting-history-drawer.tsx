/** The audit history of one setting: who changed it, when, from what to what. */
import { Spinner, Stack, Text } from '@chakra-ui/react';
import { EntityDrawer } from '@/components/entity/entity-drawer';
import { formatDateTime } from '@/lib/format/format';
import type { Setting } from '@/features/settings/api/list-settings';
import { useSettingHistory } from '@/features/settings/api/setting-history';
import { changeText } from '@/features/settings/utils/setting-value';

function History({ settingKey }: { settingKey: string }) {
  const history = useSettingHistory(settingKey);
  if (history.isPending) return <Spinner size="sm" aria-label="Loading the history" />;
  if (history.isError)
    return <Text color="fg.error">The history could not be loaded: {history.error.message}</Text>;
  if (history.data.length === 0) return <Text color="fg.muted">Never changed since installation.</Text>;
  return (
    <Stack as="ol" gap="3" listStyleType="none" aria-label="Setting history">
      {history.data.map((row) => (
        <Stack as="li" key={row.id} gap="0.5">
          <Text fontWeight="medium">{changeText(row.details)}</Text>
          <Text fontSize="sm" color="fg.muted">
            {formatDateTime(row.occurred_at)} · {row.actor_email ?? row.actor_role}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

interface SettingHistoryDrawerProps {
  settingKey: string | undefined;
  settings: readonly Setting[] | undefined;
  onClose: () => void;
}

export function SettingHistoryDrawer({ settingKey, settings, onClose }: SettingHistoryDrawerProps) {
  const setting = settings?.find((candidate) => candidate.key === settingKey);
  return (
    <EntityDrawer
      open={settingKey !== undefined}
      onClose={onClose}
      kind="Setting"
      title={setting?.label ?? settingKey ?? ''}
      subtitle={settingKey}
      tabs={
        settingKey ? [{ id: 'history', label: 'History', content: <History settingKey={settingKey} /> }] : []
      }
    />
  );
}
