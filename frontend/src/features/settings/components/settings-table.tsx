/** Every setting in one table, grouped by area: its type and range, the value (edited in place), the last change. */
import { Badge, Button, Flex, Table, Text } from '@chakra-ui/react';
import { Fragment, useState } from 'react';
import { formatDateTime } from '@/lib/format/format';
import type { Setting } from '@/features/settings/api/list-settings';
import { formatSettingValue, rangeText } from '@/features/settings/utils/setting-value';
import { SettingEditor } from './setting-editor';

interface SettingsTableProps {
  settings: readonly Setting[];
  onHistory: (key: string) => void;
}

function byCategory(settings: readonly Setting[]): [string, Setting[]][] {
  const groups = new Map<string, Setting[]>();
  for (const setting of settings)
    groups.set(setting.category, [...(groups.get(setting.category) ?? []), setting]);
  return [...groups.entries()];
}

export function SettingsTable({ settings, onHistory }: SettingsTableProps) {
  const [editing, setEditing] = useState<string>();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Settings">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Setting</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader>Allowed</Table.ColumnHeader>
            <Table.ColumnHeader minWidth="16rem">Value</Table.ColumnHeader>
            <Table.ColumnHeader>Last change</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {byCategory(settings).map(([category, rows]) => (
            <Fragment key={category}>
              <Table.Row bg="bg.muted">
                <Table.Cell colSpan={6} fontWeight="semibold">
                  {category}
                </Table.Cell>
              </Table.Row>
              {rows.map((setting) => (
                <Table.Row key={setting.key} data-setting={setting.key}>
                  <Table.Cell maxWidth="26rem">
                    <Text fontWeight="medium">{setting.label}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {setting.key} · {setting.description}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge size="sm" variant="outline">
                      {setting.type}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell fontSize="xs">{rangeText(setting)}</Table.Cell>
                  <Table.Cell>
                    {editing === setting.key ? (
                      <SettingEditor setting={setting} onDone={() => setEditing(undefined)} />
                    ) : (
                      <Text>{formatSettingValue(setting)}</Text>
                    )}
                  </Table.Cell>
                  <Table.Cell fontSize="xs">
                    <Text>{formatDateTime(setting.updated_at)}</Text>
                    <Text color="fg.muted">{setting.updated_by_email ?? 'installation default'}</Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Flex gap="1" justify="end">
                      {editing !== setting.key && (
                        <Button size="xs" variant="outline" onClick={() => setEditing(setting.key)}>
                          Edit <Text srOnly>{setting.label}</Text>
                        </Button>
                      )}
                      <Button size="xs" variant="ghost" onClick={() => onHistory(setting.key)}>
                        History <Text srOnly>of {setting.label}</Text>
                      </Button>
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Fragment>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
