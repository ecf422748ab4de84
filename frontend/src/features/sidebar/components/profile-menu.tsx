/** The sidebar footer's Profile menu with its single 'Sign Out' action (SPEC §2). */
import { Box, Button, Menu, Portal, VisuallyHidden } from '@chakra-ui/react';
import { LuCircleUser, LuLogOut } from 'react-icons/lu';

const SIGN_OUT = 'sign-out';

export function ProfileMenu({ collapsed, onSignOut }: { collapsed: boolean; onSignOut: () => void }) {
  return (
    <Menu.Root
      positioning={{ placement: collapsed ? 'right-end' : 'top-start' }}
      onSelect={(details) => {
        if (details.value === SIGN_OUT) onSignOut();
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" width="full" justifyContent={collapsed ? 'center' : 'flex-start'}>
          <LuCircleUser aria-hidden="true" />
          {collapsed ? <VisuallyHidden>Profile</VisuallyHidden> : <Box as="span">Profile</Box>}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value={SIGN_OUT}>
              <LuLogOut aria-hidden="true" />
              Sign Out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
