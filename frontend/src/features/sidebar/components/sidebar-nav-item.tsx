/** One link of the sidebar: icon, label (kept as the accessible name when collapsed) and active state. */
import { Box, Flex, Icon, Link, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Tooltip } from '@/components/ui/tooltip';
import type { NavItem } from '@/features/sidebar/utils/nav-model';

interface SidebarNavItemProps {
  item: NavItem;
  collapsed: boolean;
  badge?: ReactNode;
  onNavigate?: () => void;
}

export function SidebarNavItem({ item, collapsed, badge, onNavigate }: SidebarNavItemProps) {
  const ItemIcon = item.icon;
  const link = (
    <Link
      asChild
      display="flex"
      alignItems="center"
      gap="2.5"
      px={collapsed ? '0' : '2.5'}
      py="2"
      justifyContent={collapsed ? 'center' : 'flex-start'}
      borderRadius="md"
      fontSize="sm"
      color="fg.muted"
      textDecoration="none"
      position="relative"
      _hover={{ bg: 'bg.muted', color: 'fg' }}
      _currentPage={{ bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' }}
      colorPalette="blue"
    >
      <NavLink to={item.to} onClick={onNavigate} onPointerEnter={item.prefetch} onFocus={item.prefetch}>
        <Icon flexShrink={0} boxSize="4">
          <ItemIcon aria-hidden="true" />
        </Icon>
        {collapsed ? (
          <VisuallyHidden>{item.label}</VisuallyHidden>
        ) : (
          <Box as="span" flex="1" lineHeight="short">
            {item.label}
          </Box>
        )}
        {badge && (
          <Flex position={collapsed ? 'absolute' : 'static'} top="0" right="0">
            {badge}
          </Flex>
        )}
      </NavLink>
    </Link>
  );

  // Icons alone say little, so the collapsed rail names each link on hover and focus.
  return (
    <Tooltip content={item.label} disabled={!collapsed}>
      {link}
    </Tooltip>
  );
}
