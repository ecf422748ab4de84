/**
 * The organisation's exclusion lists: pick a list, read its entries, add one, remove your own. An
 * administrator signed in with a second factor also creates, renames and deletes lists; everyone
 * else sees the same lists read-only at that level (the server enforces it either way).
 */
import { Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPencil, LuPlus } from 'react-icons/lu';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { toast } from '@/components/ui/toast';
import { formatCount } from '@/lib/format/format';
import { InertText, inertString } from '@/lib/security/inert-text';
import { useDeleteExclusionList } from '@/features/exclusions/api/delete-exclusion-list';
import { useExclusionLists, type ExclusionList } from '@/features/exclusions/api/get-exclusion-lists';
import { AddExclusionForm } from './add-exclusion-form';
import { ExclusionEntries } from './exclusion-entries';
import { ExclusionListDialog } from './exclusion-list-dialog';
import { ExclusionListPicker } from './exclusion-list-picker';

interface ExclusionListsViewProps {
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  userId: string | null;
  /** An administrator with a verified second factor: manages the lists themselves. */
  canManage: boolean;
  /** An entry or list changed: the page refreshes what shows list hits. */
  onChanged?: () => void;
}

export function ExclusionListsView({
  selectedId,
  onSelect,
  userId,
  canManage,
  onChanged,
}: ExclusionListsViewProps) {
  const lists = useExclusionLists();
  const remove = useDeleteExclusionList();
  const [editing, setEditing] = useState<{ list?: ExclusionList } | null>(null);
  const selected = lists.data?.find((list) => list.id === selectedId) ?? lists.data?.[0];

  const destroy = async (list: ExclusionList) => {
    try {
      await remove.mutateAsync(list.id);
      onSelect(undefined);
      onChanged?.();
      toast({
        title: 'List deleted',
        description: `${inertString(list.name, { defang: false })} and its entries are gone.`,
      });
    } catch (error) {
      toast({
        title: 'The list was not deleted',
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  };

  if (lists.isPending) return <Spinner size="sm" aria-label="Loading the exclusion lists" />;
  if (lists.isError)
    return (
      <Text role="alert" color="fg.error">
        The exclusion lists could not be loaded: {lists.error.message}
      </Text>
    );
  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm" maxWidth="48rem">
        Values known to be benign here. A held value stays in the knowledge base with an “Excluded” badge,
        raises no alert when our sensors see it, and is left out of exports for security controls.
      </Text>
      <Flex gap="2" wrap="wrap" align="center">
        <ExclusionListPicker lists={lists.data} selectedId={selected?.id} onSelect={onSelect} />
        {canManage && (
          <Button size="sm" variant="outline" onClick={() => setEditing({})}>
            <LuPlus aria-hidden="true" />
            New list
          </Button>
        )}
      </Flex>
      {selected ? (
        <Stack
          as="section"
          aria-labelledby="exclusion-list-heading"
          gap="3"
          borderWidth="1px"
          borderRadius="md"
          p="4"
        >
          <Flex gap="2" align="center" wrap="wrap">
            <Heading as="h2" size="md" id="exclusion-list-heading" flex="1" minWidth="0">
              <InertText value={selected.name} defangLinks={false} />
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {formatCount(selected.entryCount, 'entry', 'entries')}
            </Text>
            {canManage && (
              <>
                <Button size="xs" variant="outline" onClick={() => setEditing({ list: selected })}>
                  <LuPencil aria-hidden="true" />
                  Rename
                </Button>
                <ConfirmDelete
                  subject={`the list ${inertString(selected.name, { defang: false })}`}
                  pending={remove.isPending}
                  onConfirm={() => destroy(selected)}
                  warning={`Its ${formatCount(selected.entryCount, 'entry', 'entries')} go with it; those values raise alerts again.`}
                />
              </>
            )}
          </Flex>
          {selected.description && (
            <Text fontSize="sm" color="fg.muted">
              <InertText value={selected.description} defangLinks={false} />
            </Text>
          )}
          <AddExclusionForm key={selected.id} listId={selected.id} onAdded={() => onChanged?.()} />
          <ExclusionEntries
            listId={selected.id}
            listName={inertString(selected.name, { defang: false })}
            userId={userId}
            isAdmin={canManage}
            onChanged={onChanged}
          />
        </Stack>
      ) : (
        <Text color="fg.muted">
          There is no exclusion list yet.{canManage ? '' : ' An administrator creates them.'}
        </Text>
      )}
      {editing && (
        <ExclusionListDialog
          list={editing.list}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            onSelect(id);
            toast({ title: editing.list ? 'List saved' : 'List created' });
          }}
        />
      )}
    </Stack>
  );
}
