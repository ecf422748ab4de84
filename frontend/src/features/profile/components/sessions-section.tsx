/** The user's signed-in sessions, this one marked, with "sign out the others" (server-side, own only). */
import { Badge, Button, Flex, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useMySessions } from '@/features/profile/api/get-my-sessions';
import { useSignOutOtherSessions } from '@/features/profile/api/sign-out-other-sessions';
import { describeUserAgent } from '@/features/profile/utils/describe-user-agent';

export function SessionsSection() {
  const sessions = useMySessions();
  const signOut = useSignOutOtherSessions();
  if (sessions.isPending)
    return (
      <Flex gap="2" align="center" role="status" color="fg.muted">
        <Spinner size="sm" /> Loading your sessions…
      </Flex>
    );
  if (sessions.isError)
    return (
      <Stack role="alert" gap="2" align="flex-start">
        <Text>Your sessions could not be loaded: {sessions.error.message}</Text>
        <Button size="sm" variant="outline" onClick={() => void sessions.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  const others = sessions.data.filter((session) => !session.is_current).length;
  return (
    <Stack gap="3">
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Your sessions">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Device</Table.ColumnHeader>
              <Table.ColumnHeader>Address</Table.ColumnHeader>
              <Table.ColumnHeader>Signed in</Table.ColumnHeader>
              <Table.ColumnHeader>Last refreshed</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {sessions.data.map((session) => (
              <Table.Row key={session.id}>
                <Table.Cell>
                  <span title={session.user_agent ?? undefined}>{describeUserAgent(session.user_agent)}</span>
                  {session.is_current && (
                    <Badge ms="2" colorPalette="blue">
                      This device
                    </Badge>
                  )}
                </Table.Cell>
                {/* An address broken inside "127.0.0.1" misreads; the table scrolls sideways instead. */}
                <Table.Cell>
                  <InertText value={session.ip ?? '—'} defangLinks={false} singleLine />
                </Table.Cell>
                <Table.Cell>{formatDateTime(session.created_at) ?? '—'}</Table.Cell>
                <Table.Cell>{formatDateTime(session.refreshed_at) ?? 'Not yet'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Flex gap="3" align="center" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={others === 0}
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          Sign out the other sessions
        </Button>
        <Text fontSize="sm" role="status" color={signOut.isError ? 'fg.error' : 'fg.muted'}>
          {signOut.isError
            ? `The other sessions could not be signed out: ${signOut.error.message}`
            : signOut.isSuccess
              ? 'The other sessions were signed out.'
              : others === 0
                ? 'No other session is signed in.'
                : `${others} other ${others === 1 ? 'session' : 'sessions'} signed in.`}
        </Text>
      </Flex>
    </Stack>
  );
}
