/**
 * Who changed which field of an object and when: analysts' edits, its creation, merges into it, and
 * imports that offered a new value for a field an analyst edited (the analyst's value stayed).
 * Values are shown as inert text.
 */
import { Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { CHANGES_LIMIT, useObjectChanges, type ObjectChange } from '@/features/knowledge/api/object-changes';
import { describeChange } from '@/features/knowledge/utils/change-text';

export function ObjectChanges({ stixId }: { stixId: string }) {
  const changes = useObjectChanges(stixId);
  if (changes.isPending) return <Spinner size="sm" aria-label="Loading the changes" />;
  if (changes.isError)
    return <Text role="alert">The changes could not be loaded: {changes.error.message}</Text>;
  return (
    <Stack gap="2" as="section" aria-label="Changes">
      <Text fontSize="sm" fontWeight="semibold">
        Changes (latest {CHANGES_LIMIT})
      </Text>
      {changes.data.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Nobody has changed it here: it is as its sources delivered it.
        </Text>
      ) : (
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>When</Table.ColumnHeader>
              <Table.ColumnHeader>Who</Table.ColumnHeader>
              <Table.ColumnHeader>What</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {changes.data.map((change: ObjectChange) => (
              <Table.Row key={change.id}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(change.changed_at)}</Table.Cell>
                <Table.Cell>
                  {change.changed_by ? `Analyst ${change.changed_by.slice(0, 8)}` : 'An import'}
                </Table.Cell>
                <Table.Cell>
                  <InertText value={describeChange(change)} maxLength={600} defangLinks={false} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}
