/** One account in the drawer: its facts and actions, and its history in the audit trail. */
import type { ReactNode } from 'react';
import { EntityDrawer } from '@/components/entity/entity-drawer';
import type { UserRow } from '@/features/users/api/list-users';
import { UserAccountTab } from './user-account-tab';
import { UserHistoryTab } from './user-history-tab';

interface UserDrawerProps {
  userId: string | undefined;
  users: readonly UserRow[] | undefined;
  onClose: () => void;
  /** The user's groups (features/groups, composed by the page). */
  groupsTab?: (userId: string) => ReactNode;
}

export function UserDrawer({ userId, users, onClose, groupsTab }: UserDrawerProps) {
  const user = users?.find((candidate) => candidate.id === userId);
  const missing = users !== undefined && userId !== undefined && !user;
  return (
    <EntityDrawer
      open={userId !== undefined}
      onClose={onClose}
      kind="User"
      title={user ? user.email : missing ? 'Unknown user' : ''}
      subtitle={
        missing ? 'This user is not on the current page of the list.' : user?.display_name || undefined
      }
      tabs={
        user
          ? [
              { id: 'overview', label: 'Account', content: <UserAccountTab user={user} /> },
              ...(groupsTab ? [{ id: 'groups' as const, label: 'Groups', content: groupsTab(user.id) }] : []),
              { id: 'history', label: 'History', content: <UserHistoryTab userId={user.id} /> },
            ]
          : []
      }
    />
  );
}
