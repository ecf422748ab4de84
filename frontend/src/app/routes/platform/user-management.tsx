/**
 * User Management: every account with its role, second factor, last sign-in and state; an account
 * opens in a drawer with its actions (role, disable / enable, sign out everywhere, reset two-factor),
 * its groups and its audit history. The Groups tab manages groups and their clearances
 * (features/groups). Only administrators with a verified second factor reach the page; the server
 * decides again on every read and action.
 */
import { Button, Flex, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PageHeading } from '@/components/ui/page-heading';
import { SearchInput } from '@/components/ui/search-input';
import { SEARCH_LIMITS } from '@/config/constants';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import { useUrlState } from '@/lib/url-state';
import { USERS_PAGE_SIZE, useUsers } from '@/features/users/api/list-users';
import { CreateUserDialog } from '@/features/users/components/create-user-dialog';
import { userColumns } from '@/features/users/components/user-columns';
import { UserDrawer } from '@/features/users/components/user-drawer';
import { usersViewSchema } from '@/features/users/schemas/users-view';
import { GroupsSection } from '@/features/groups/components/groups-section';
import { UserGroupsTab } from '@/features/groups/components/user-groups-tab';
import type { PlatformPageProps } from './pages';

export default function UserManagementPage({ definition }: PlatformPageProps) {
  const [view, setView] = useUrlState(usersViewSchema);
  const [creating, setCreating] = useState(false);
  const page = view.page ?? 0;
  const users = useUsers(view.q, page);
  const total = users.data?.[0]?.total_count ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / USERS_PAGE_SIZE) - 1);

  return (
    <Stack gap="5" p={{ base: '3', md: '6' }}>
      <PageHeading title={definition.title}>
        Who may use the platform and how: roles, second factors, sessions. Every change is kept in the audit
        trail.
      </PageHeading>
      <Tabs.Root
        value={view.tab}
        onValueChange={(details) => setView({ tab: details.value as typeof view.tab }, { push: true })}
        lazyMount
        unmountOnExit
        minW="0"
      >
        <Tabs.List>
          <Tabs.Trigger value="users">Users</Tabs.Trigger>
          <Tabs.Trigger value="groups">Groups</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users" minW="0">
          <Stack gap="5">
            <Flex gap="3" align="center" wrap="wrap">
              <SearchInput
                label="Search users by email or name"
                placeholder="Search by email or name"
                limit={SEARCH_LIMITS.users}
                value={view.q}
                onCommit={(q) => setView({ q, page: undefined })}
              />
              <Text fontSize="sm" color="fg.muted" flex="1">
                {users.data ? `${total} ${total === 1 ? 'user' : 'users'}` : ''}
              </Text>
              <Button onClick={() => setCreating(true)}>Create account</Button>
            </Flex>
            <DataTable
              label="Users"
              columns={userColumns}
              rows={users.data ?? []}
              rowKey={(row) => row.id}
              {...tableQueryState(users, 'The users')}
              emptyMessage={view.q ? 'No user matches this search.' : 'No users yet.'}
              onActivate={(row) => setView({ user: row.id }, { push: true })}
              height="60vh"
            />
            {total > USERS_PAGE_SIZE && (
              <Flex gap="2" align="center" justify="end">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={page === 0}
                  onClick={() => setView({ page: page - 1 })}
                >
                  Previous
                </Button>
                <Text fontSize="sm">
                  Page {page + 1} of {lastPage + 1}
                </Text>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={page >= lastPage}
                  onClick={() => setView({ page: page + 1 })}
                >
                  Next
                </Button>
              </Flex>
            )}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="groups" minW="0">
          <GroupsSection candidates={users.data ?? []} />
        </Tabs.Content>
      </Tabs.Root>
      <UserDrawer
        userId={view.user}
        users={users.data}
        onClose={() => setView({ user: undefined })}
        groupsTab={(userId) => <UserGroupsTab userId={userId} />}
      />
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
