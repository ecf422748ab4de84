/** What both the desktop sidebar and the mobile drawer show: status tile, the four groups, profile menu. */
import { Box, Flex, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { PlatformPage } from '../../../config/paths';
import { sidebarGroups } from '../utils/nav-groups';
import { ProfileMenu } from './profile-menu';
import { SecureStatusTile } from './secure-status-tile';
import { SidebarGroup } from './sidebar-group';

export interface SidebarContentProps {
  collapsed: boolean;
  /** Extra content after a link's label, e.g. the new-alert count on the Threat Intelligence Hub. */
  badges?: Partial<Record<PlatformPage, ReactNode>>;
  onSignOut: () => void;
  onNavigate?: () => void;
}

export function SidebarContent({ collapsed, badges, onSignOut, onNavigate }: SidebarContentProps) {
  return (
    <Flex direction="column" height="full" gap="3" p={collapsed ? '1' : '2'}>
      <SecureStatusTile collapsed={collapsed} />
      <Box as="nav" aria-label="Platform navigation" flex="1" overflowY="auto" overflowX="hidden">
        <Stack gap="3">
          {sidebarGroups.map((group) => (
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
        <ProfileMenu collapsed={collapsed} onSignOut={onSignOut} />
      </Box>
    </Flex>
  );
}
