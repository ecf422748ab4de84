/**
 * Groups and their clearances (issue 28 §1): who reads up to which TLP, and who reads TLP:RED where
 * a source or a record names the group. Administrators with a verified second factor create, change
 * and delete groups and manage their members; the server audits every change and refuses everyone
 * else whatever this page shows.
 */
import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useDeleteGroup, type Warning } from '@/features/groups/api/group-actions';
import { useGroups, type Group } from '@/features/groups/api/list-groups';
import { GroupDialog } from './group-dialog';
import { GroupMembersDialog, type Candidate } from './group-members-dialog';
import { GroupsTable } from './groups-table';

type Editing = { group?: Group } | null;

const saved = (title: string, warning: Warning) =>
  toast({ title, description: warning ?? 'The change is in the audit trail.' });

export function GroupsSection({ candidates }: { candidates: readonly Candidate[] }) {
  const groups = useGroups();
  const remove = useDeleteGroup();
  const [editing, setEditing] = useState<Editing>(null);
  const [members, setMembers] = useState<Group | null>(null);

  const onDelete = async (group: Group) => {
    try {
      saved(`Group “${group.name}” deleted`, await remove.mutateAsync(group.id));
    } catch (error) {
      toast({ title: 'Not deleted', description: (error as Error).message, variant: 'destructive' });
    }
  };

  return (
    <Stack gap="3">
      <Flex gap="3" align="center" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" flex="1">
          A user reads up to the highest TLP of their groups. TLP:RED also needs the group to be named in the
          audience of the source or record; administrators are in no audience unless they join one.
        </Text>
        <Button onClick={() => setEditing({})}>New group</Button>
      </Flex>
      {groups.isPending ? (
        <Text color="fg.muted">Loading the groups…</Text>
      ) : groups.isError ? (
        <Text role="alert" color="fg.error">
          The groups could not be read: {groups.error.message}
        </Text>
      ) : (
        <GroupsTable
          groups={groups.data}
          onEdit={(group) => setEditing({ group })}
          onMembers={setMembers}
          onDelete={onDelete}
          deleting={remove.isPending}
        />
      )}
      {editing && (
        <GroupDialog
          group={editing.group}
          onClose={() => setEditing(null)}
          onSaved={(warning) => {
            setEditing(null);
            saved(editing.group ? 'Group saved' : 'Group created', warning);
          }}
        />
      )}
      {members && (
        <GroupMembersDialog group={members} candidates={candidates} onClose={() => setMembers(null)} />
      )}
    </Stack>
  );
}
