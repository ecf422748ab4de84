/**
 * A group's members (administrators): who is in it, remove one, add someone from the accounts the
 * page lists. Every change is audited by the server; removing someone's last group cleared for RED
 * answers a warning, shown here.
 */
import { Button, Dialog, Field, Flex, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatDateTime } from '@/lib/format/format';
import { useAddGroupMember, useRemoveGroupMember } from '@/features/groups/api/group-actions';
import type { Group } from '@/features/groups/api/list-groups';
import { useGroupMembers } from '@/features/groups/api/list-group-members';

export interface Candidate {
  id: string;
  email: string;
}

interface GroupMembersDialogProps {
  group: Group;
  /** Accounts that may be added (the page's list of users). */
  candidates: readonly Candidate[];
  onClose: () => void;
}

export function GroupMembersDialog({ group, candidates, onClose }: GroupMembersDialogProps) {
  const members = useGroupMembers(group.id);
  const add = useAddGroupMember();
  const remove = useRemoveGroupMember();
  const [chosen, setChosen] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const memberIds = new Set(members.data?.map((member) => member.user_id));
  const addable = candidates.filter((candidate) => !memberIds.has(candidate.id));
  const error = add.error ?? remove.error;

  const onAdd = async () => {
    setNotice(null);
    try {
      await add.mutateAsync({ groupId: group.id, userId: chosen });
      setChosen('');
    } catch {
      // Shown below from the mutation's error.
    }
  };
  const onRemove = async (userId: string) => {
    setNotice(null);
    try {
      setNotice(await remove.mutateAsync({ groupId: group.id, userId }));
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Members of “{group.name}”</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Flex gap="2" align="center">
                  <Text fontSize="sm" color="fg.muted">
                    Reads up to
                  </Text>
                  <TlpBadge tlp={group.max_tlp} />
                </Flex>
                <Flex gap="2" align="end" wrap="wrap">
                  <Field.Root flex="1" minW="14rem">
                    <Field.Label>Add a user</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={chosen} onChange={(event) => setChosen(event.target.value)}>
                        <option value="">Choose an account…</option>
                        {addable.map((candidate) => (
                          <option key={candidate.id} value={candidate.id}>
                            {candidate.email}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Button onClick={() => void onAdd()} disabled={!chosen} loading={add.isPending}>
                    Add
                  </Button>
                </Flex>
                {notice && (
                  <Text role="status" color="fg.warning" fontSize="sm">
                    {notice}
                  </Text>
                )}
                {error && (
                  <Text role="alert" color="fg.error" fontSize="sm">
                    Not changed: {error.message}
                  </Text>
                )}
                {members.isPending ? (
                  <Text color="fg.muted">Loading the members…</Text>
                ) : members.isError ? (
                  <Text role="alert" color="fg.error">
                    The members could not be read: {members.error.message}
                  </Text>
                ) : members.data.length === 0 ? (
                  <Text color="fg.muted">Nobody is in this group yet.</Text>
                ) : (
                  <Stack as="ul" gap="1" listStyleType="none" aria-label="Members">
                    {members.data.map((member) => (
                      <Flex
                        as="li"
                        key={member.user_id}
                        gap="3"
                        align="center"
                        borderBottomWidth="1px"
                        py="1"
                      >
                        <Stack gap="0" flex="1" minW="0">
                          <Text truncate>{member.email}</Text>
                          <Text fontSize="xs" color="fg.muted" truncate>
                            {member.display_name ? `${member.display_name} · ` : ''}since{' '}
                            {formatDateTime(member.added_at)}
                          </Text>
                        </Stack>
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={`Remove ${member.email} from ${group.name}`}
                          loading={remove.isPending && remove.variables?.userId === member.user_id}
                          onClick={() => void onRemove(member.user_id)}
                        >
                          Remove
                        </Button>
                      </Flex>
                    ))}
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
