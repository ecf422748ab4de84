/** A user's groups in the account drawer: each with the TLP it clears them for. */
import { Flex, Stack, Text } from '@chakra-ui/react';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { useGroups } from '@/features/groups/api/list-groups';
import { useUserGroupIds } from '@/features/groups/api/list-user-groups';

export function UserGroupsTab({ userId }: { userId: string }) {
  const ids = useUserGroupIds(userId);
  const groups = useGroups();
  if (ids.isPending || groups.isPending) return <Text color="fg.muted">Loading the groups…</Text>;
  if (ids.isError || groups.isError) {
    return (
      <Text role="alert" color="fg.error">
        The groups could not be read: {(ids.error ?? groups.error)?.message}
      </Text>
    );
  }
  const mine = groups.data.filter((group) => ids.data.includes(group.id));
  if (mine.length === 0) {
    return <Text color="fg.muted">In no group: this user reads TLP:CLEAR only.</Text>;
  }
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Groups">
      {mine.map((group) => (
        <Flex as="li" key={group.id} gap="3" align="center">
          <Text flex="1" truncate>
            {group.name}
          </Text>
          <TlpBadge tlp={group.max_tlp} />
        </Flex>
      ))}
    </Stack>
  );
}
