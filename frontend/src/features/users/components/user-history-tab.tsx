/** What was done to an account, from the audit trail: who, when, and the recorded details as text. */
import { Code, Spinner, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@/lib/format/format';
import { useUserHistory } from '@/features/users/api/user-history';
import { auditActionLabel } from '@/features/users/utils/user-text';

export function UserHistoryTab({ userId }: { userId: string }) {
  const history = useUserHistory(userId);
  if (history.isPending) return <Spinner size="sm" aria-label="Loading the history" />;
  if (history.isError)
    return <Text color="fg.error">The history could not be loaded: {history.error.message}</Text>;
  if (history.data.length === 0)
    return <Text color="fg.muted">Nothing recorded about this account yet.</Text>;
  return (
    <Stack as="ol" gap="3" listStyleType="none" aria-label="Account history">
      {history.data.map((row) => (
        <Stack as="li" key={row.id} gap="0.5">
          <Text fontWeight="medium">{auditActionLabel(row.action)}</Text>
          <Text fontSize="sm" color="fg.muted">
            {formatDateTime(row.occurred_at)} · {row.actor_email ?? row.actor_role}
          </Text>
          <Code fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-all">
            {JSON.stringify(row.details)}
          </Code>
        </Stack>
      ))}
    </Stack>
  );
}
