/** The platform's top bar: the sidebar toggle on the left, the theme choice on the right. */
import { Flex, Spacer, Text } from '@chakra-ui/react';
import { PRODUCT } from '@/config/constants';
import { SidebarToggleButton } from '@/features/sidebar/components/sidebar-toggle-button';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

interface PlatformHeaderProps {
  isMobile: boolean;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
}

export function PlatformHeader({ isMobile, sidebarExpanded, onToggleSidebar }: PlatformHeaderProps) {
  return (
    <Flex
      as="header"
      align="center"
      gap="2"
      px="3"
      height="12"
      borderBottomWidth="1px"
      bg="bg"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <SidebarToggleButton isMobile={isMobile} expanded={sidebarExpanded} onToggle={onToggleSidebar} />
      <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
        {PRODUCT.name}
      </Text>
      <Spacer />
      <ThemeToggle />
    </Flex>
  );
}
