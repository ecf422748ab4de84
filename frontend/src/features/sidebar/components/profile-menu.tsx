/** The sidebar footer's Profile menu: who is signed in, their profile page, and 'Sign Out' (SPEC §2). */
import { Box, Button, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuCircleUser, LuLogOut, LuUserCog } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { InertText } from '@/lib/security/inert-text';

const SIGN_OUT = 'sign-out';
const PROFILE = 'profile';

export interface ProfileMenuProps {
  collapsed: boolean;
  /** The signed-in user's e-mail address, if the session has one. */
  email: string | null;
  profileHref: string;
  onSignOut: () => void;
}

export function ProfileMenu({ collapsed, email, profileHref, onSignOut }: ProfileMenuProps) {
  const navigate = useNavigate();
  return (
    <Menu.Root
      positioning={{ placement: collapsed ? 'right-end' : 'top-start' }}
      onSelect={(details) => {
        if (details.value === SIGN_OUT) onSignOut();
        if (details.value === PROFILE) void navigate(profileHref);
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
          <Menu.Content minWidth="14rem">
            {email && (
              <Box px="2" py="1.5" borderBottomWidth="1px" mb="1">
                <Text fontSize="xs" color="fg.muted">
                  Signed in as
                </Text>
                <Text fontSize="sm" fontWeight="medium" truncate>
                  <InertText value={email} defangLinks={false} />
                </Text>
              </Box>
            )}
            <Menu.Item value={PROFILE}>
              <LuUserCog aria-hidden="true" />
              Your profile
            </Menu.Item>
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
