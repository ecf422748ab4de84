/**
 * One list's entries: value, how it matches, why, who added it and when. The author of an entry and
 * administrators may remove it (the server decides; the button shows only where it would be allowed).
 */
import { Button, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { toast } from '@/components/ui/toast';
import { formatCompactDateTime, formatInteger } from '@/lib/format/format';
import { TYPE_NAMES } from '@/lib/intel/indicator-input';
import { InertText, inertString } from '@/lib/security/inert-text';
import {
  ENTRIES_SHOWN,
  useExclusionEntries,
  type ExclusionEntry,
} from '@/features/exclusions/api/get-exclusion-entries';
import { useRemoveExclusion } from '@/features/exclusions/api/remove-exclusion';
import { KIND_LABELS } from '@/features/exclusions/utils/exclusion-kind';

interface ExclusionEntriesProps {
  listId: number;
  listName: string;
  userId: string | null;
  isAdmin: boolean;
  onChanged?: () => void;
}

function kindText(entry: ExclusionEntry): string {
  const kind = KIND_LABELS[entry.kind];
  return entry.indicator_type
    ? `${kind}, ${TYPE_NAMES[entry.indicator_type] ?? entry.indicator_type} only`
    : kind;
}

export function ExclusionEntries({ listId, listName, userId, isAdmin, onChanged }: ExclusionEntriesProps) {
  const entries = useExclusionEntries(listId);
  const remove = useRemoveExclusion();

  const destroy = async (entry: ExclusionEntry) => {
    try {
      await remove.mutateAsync(entry.id);
      onChanged?.();
      toast({ title: 'Entry removed', description: 'Matching values raise alerts again.' });
    } catch (error) {
      toast({
        title: 'The entry was not removed',
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  };

  if (entries.isPending) return <Spinner size="sm" aria-label="Loading the entries" />;
  if (entries.isError)
    return (
      <Stack gap="1" fontSize="sm">
        <Text role="alert" color="fg.error">
          The entries could not be loaded: {entries.error.message}
        </Text>
        <Button size="xs" variant="outline" alignSelf="start" onClick={() => void entries.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  if (entries.data.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        The list holds nothing yet.
      </Text>
    );
  return (
    <Stack gap="2">
      {entries.data.length >= ENTRIES_SHOWN && (
        <Text fontSize="sm" color="fg.muted">
          The newest {formatInteger(ENTRIES_SHOWN)} entries are shown.
        </Text>
      )}
      <Table.ScrollArea
        borderWidth="1px"
        borderRadius="md"
        tabIndex={0}
        role="group"
        aria-label={`${listName}: entries`}
      >
        <Table.Root size="sm">
          <Table.Caption srOnly>Entries of the exclusion list {listName}, newest first</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Value</Table.ColumnHeader>
              <Table.ColumnHeader>Matches</Table.ColumnHeader>
              <Table.ColumnHeader>Reason</Table.ColumnHeader>
              <Table.ColumnHeader>Added by</Table.ColumnHeader>
              <Table.ColumnHeader>Added (UTC)</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Text srOnly>Actions</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.data.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell maxWidth="20rem">
                  <InertText value={entry.value} as="code" />
                </Table.Cell>
                <Table.Cell>{kindText(entry)}</Table.Cell>
                <Table.Cell maxWidth="20rem">
                  <InertText value={entry.reason} defangLinks={false} />
                </Table.Cell>
                <Table.Cell>
                  <InertText value={entry.added_by_email ?? 'a script'} defangLinks={false} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {formatCompactDateTime(entry.added_at)}
                </Table.Cell>
                <Table.Cell>
                  {(isAdmin || (userId !== null && entry.added_by === userId)) && (
                    <ConfirmDelete
                      subject={`the entry ${inertString(entry.value)}`}
                      pending={remove.isPending}
                      onConfirm={() => destroy(entry)}
                    />
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
