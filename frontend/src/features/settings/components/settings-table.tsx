/** Every setting in one table, grouped by area: its type and range, the value (edited in place), the last change. */
import { Badge, Button, Flex, Table, Text } from '@chakra-ui/react';
import { Fragment, useState } from 'react';
import { formatDateTime } from '@/lib/format/format';
import type { Setting } from '@/features/settings/api/list-settings';
import { formatSettingValue, rangeText } from '@/features/settings/utils/setting-value';
import { SettingEditor } from './setting-editor';
import {
  SETTINGS_COLUMNS,
  SETTINGS_TABLE_FROM,
  settingsTableStyles,
  type SettingsColumn,
} from './settings-table-layout';

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

/** The cell's column name for the stacked phone layout, where the header row is hidden. */
const cellLabel = (column: SettingsColumn) => (column.labelled ? column.header : undefined);
const column = (id: SettingsColumn['id']) => SETTINGS_COLUMNS.find((each) => each.id === id)!;

export function SettingsTable({ settings, onHistory }: SettingsTableProps) {
  const [editing, setEditing] = useState<string>();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Settings" css={settingsTableStyles}>
        <colgroup>
          {SETTINGS_COLUMNS.map((each) => (
            <col key={each.id} style={{ width: each.width }} />
          ))}
        </colgroup>
        <Table.Header>
          <Table.Row>
            {SETTINGS_COLUMNS.map((each) => (
              <Table.ColumnHeader key={each.id}>
                {each.id === 'actions' ? <Text srOnly>{each.header}</Text> : each.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {byCategory(settings).map(([category, rows]) => (
            <Fragment key={category}>
              <Table.Row bg="bg.muted">
                <Table.Cell colSpan={SETTINGS_COLUMNS.length} fontWeight="semibold">
                  {category}
                </Table.Cell>
              </Table.Row>
              {rows.map((setting) => (
                <Table.Row key={setting.key} data-setting={setting.key}>
                  <Table.Cell>
                    <Text fontWeight="medium">{setting.label}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      <span className="setting-key">{setting.key}</span> · {setting.description}
                    </Text>
                  </Table.Cell>
                  <Table.Cell data-label={cellLabel(column('type'))}>
                    <Badge size="sm" variant="outline" justifySelf="start">
                      {setting.type}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell data-label={cellLabel(column('allowed'))} fontSize="xs">
                    {rangeText(setting)}
                  </Table.Cell>
                  <Table.Cell data-label={cellLabel(column('value'))}>
                    {editing === setting.key ? (
                      <SettingEditor setting={setting} onDone={() => setEditing(undefined)} />
                    ) : (
                      <Text>{formatSettingValue(setting)}</Text>
                    )}
                  </Table.Cell>
                  <Table.Cell data-label={cellLabel(column('changed'))} fontSize="xs">
                    <Text>
                      {formatDateTime(setting.updated_at)}
                      <Text as="span" display="block" color="fg.muted">
                        {setting.updated_by_email ?? 'installation default'}
                      </Text>
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Flex gap="1" justify={{ base: 'start', [SETTINGS_TABLE_FROM]: 'end' }} wrap="wrap">
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
