/** One account's facts and the actions an administrator may take on it, each confirmed first. */
import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Facts } from '@/components/entity/facts';
import { toast } from '@/components/ui/toast';
import { formatDateTime, formatInteger } from '@/lib/format/format';
import type { UserRow } from '@/features/users/api/list-users';
import {
  useChangeAccess,
  useResetPassword,
  useResetUserMfa,
  useSetUserRole,
} from '@/features/users/api/user-actions';
import {
  ACTION_TEXT,
  availableActions,
  mfaText,
  type UserActionKind,
} from '@/features/users/utils/user-text';
import { ConfirmDialog } from './confirm-dialog';
import { OneTimePassword } from './one-time-password';

function useRunAction(user: UserRow) {
  const role = useSetUserRole();
  const access = useChangeAccess();
  const mfa = useResetUserMfa();
  const password = useResetPassword();
  const run = async (kind: UserActionKind): Promise<string | undefined> => {
    switch (kind) {
      case 'promote':
        await role.mutateAsync({ userId: user.id, role: 'admin' });
        return;
      case 'demote':
        await role.mutateAsync({ userId: user.id, role: 'analyst' });
        return;
      case 'reset_mfa':
        await mfa.mutateAsync(user.id);
        return;
      case 'reset_password':
        return (await password.mutateAsync(user.id)).one_time_password;
      default:
        await access.mutateAsync({ action: kind, user_id: user.id });
    }
  };
  return { run, busy: role.isPending || access.isPending || mfa.isPending || password.isPending };
}

export function UserAccountTab({ user }: { user: UserRow }) {
  const [pending, setPending] = useState<UserActionKind>();
  const [error, setError] = useState<string>();
  // The new one-time password, shown once in this tab until dismissed; kept nowhere else.
  const [issued, setIssued] = useState<string>();
  const { run, busy } = useRunAction(user);
  const actions = availableActions(user);

  const confirm = async () => {
    if (!pending) return;
    try {
      const oneTimePassword = await run(pending);
      if (oneTimePassword) setIssued(oneTimePassword);
      toast({
        title: ACTION_TEXT[pending].label,
        description: `${user.email} ${ACTION_TEXT[pending].done}.`,
      });
      setPending(undefined);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Stack gap="4">
      <Facts
        items={[
          ['Role', user.role === 'admin' ? 'Administrator' : 'Analyst'],
          [
            'Two-factor',
            `${mfaText(user)}${user.mfa_status === 'active' ? ` (${user.backup_codes_left} backup codes left)` : ''}`,
          ],
          ['Status', user.disabled ? 'Disabled' : 'Active'],
          ['Sessions', formatInteger(user.active_sessions)],
          ['Last sign-in', formatDateTime(user.last_sign_in_at) ?? 'Never'],
          ['Created', formatDateTime(user.created_at) ?? ''],
        ]}
      />
      {user.is_self ? (
        <Text fontSize="sm" color="fg.muted">
          This is your own account: change your password, second factor and sessions from your profile.
          Another administrator changes your role or disables you.
        </Text>
      ) : (
        <Flex gap="2" wrap="wrap" aria-label="Account actions" role="group">
          {actions.map((kind) => (
            <Button
              key={kind}
              size="sm"
              variant="outline"
              colorPalette={ACTION_TEXT[kind].destructive ? 'red' : undefined}
              onClick={() => {
                setError(undefined);
                setPending(kind);
              }}
            >
              {ACTION_TEXT[kind].label}
            </Button>
          ))}
        </Flex>
      )}
      {issued && (
        <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
          <OneTimePassword email={user.email} password={issued} />
          <Button size="sm" alignSelf="start" onClick={() => setIssued(undefined)}>
            Done
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={pending !== undefined}
        title={pending ? `${ACTION_TEXT[pending].label}: ${user.email}?` : ''}
        body={pending ? ACTION_TEXT[pending].confirm : ''}
        confirmLabel={pending ? ACTION_TEXT[pending].label : ''}
        destructive={pending ? ACTION_TEXT[pending].destructive : false}
        busy={busy}
        error={error}
        onCancel={() => setPending(undefined)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}
