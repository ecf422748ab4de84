/** The groups: name and purpose, TLP ceiling, member count and the actions on each; names render as text. */
import { Badge, Button, Flex, Table, Text } from '@chakra-ui/react';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { formatInteger } from '@/lib/format/format';
import type { Group } from '@/features/groups/api/list-groups';

interface GroupsTableProps {
  groups: Group[];
  onEdit: (group: Group) => void;
  onMembers: (group: Group) => void;
  onDelete: (group: Group) => Promise<void>;
  deleting: boolean;
}

export function GroupsTable({ groups, onEdit, onMembers, onDelete, deleting }: GroupsTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Groups" tableLayout="fixed" minW="44rem">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="40%">Group</Table.ColumnHeader>
            <Table.ColumnHeader width="18%">Reads up to</Table.ColumnHeader>
            <Table.ColumnHeader width="10%" textAlign="end">
              Members
            </Table.ColumnHeader>
            <Table.ColumnHeader width="32%">
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {groups.map((group) => (
            <Table.Row key={group.id}>
              <Table.Cell>
                <Flex gap="2" align="center">
                  <Text fontWeight="medium" truncate>
                    {group.name}
                  </Text>
                  {group.is_default && (
                    <Badge size="sm" variant="subtle">
                      Default
                    </Badge>
                  )}
                </Flex>
                <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                  {group.description}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <TlpBadge tlp={group.max_tlp} />
              </Table.Cell>
              <Table.Cell textAlign="end">{formatInteger(group.member_count)}</Table.Cell>
              <Table.Cell>
                <Flex gap="2" justify="end" wrap="wrap">
                  <Button size="xs" variant="outline" onClick={() => onMembers(group)}>
                    Members
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => onEdit(group)}>
                    Edit
                  </Button>
                  {!group.is_default && (
                    <ConfirmDelete
                      subject={`the group ${group.name}`}
                      pending={deleting}
                      warning="Its members lose what it cleared them for."
                      onConfirm={() => onDelete(group)}
                    />
                  )}
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
