/** What both the desktop sidebar and the mobile drawer show: status tile, the four groups, profile menu. */
import { Box, Flex, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { NavGroup } from '@/features/sidebar/utils/nav-model';
import { ProfileMenu } from './profile-menu';
import { SecureStatusTile } from './secure-status-tile';
import { SidebarGroup } from './sidebar-group';

export interface SidebarContentProps {
  collapsed: boolean;
  groups: readonly NavGroup[];
  /** Extra content after a link's label, e.g. the new-alert count on the Threat Intelligence Hub. */
  badges?: Partial<Record<string, ReactNode>>;
  /** The signed-in user, named in the profile menu. */
  email: string | null;
  profileHref: string;
  onSignOut: () => void;
  onNavigate?: () => void;
}

export function SidebarContent(props: SidebarContentProps) {
  const { collapsed, groups, badges, email, profileHref, onSignOut, onNavigate } = props;
  return (
    <Flex direction="column" height="full" gap="3" p={collapsed ? '1' : '2'}>
      <SecureStatusTile collapsed={collapsed} />
      <Box as="nav" aria-label="Platform navigation" flex="1" overflowY="auto" overflowX="hidden">
        <Stack gap="3">
          {groups.map((group) => (
            <SidebarGroup
              key={group.id}
              group={group}
              collapsed={collapsed}
              badges={badges}
              onNavigate={onNavigate}
            />
          ))}
        </Stack>
      </Box>
      <Box borderTopWidth="1px" pt="2">
        <ProfileMenu collapsed={collapsed} email={email} profileHref={profileHref} onSignOut={onSignOut} />
      </Box>
    </Flex>
  );
}
