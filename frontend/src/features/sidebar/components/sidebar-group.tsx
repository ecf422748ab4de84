/** A titled group of links whose list can be shown or hidden (SPEC §2). */
import { Box, Button, Separator, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuChevronDown, LuChevronRight } from 'react-icons/lu';
import { useAppDispatch, useAppSelector } from '@/app/store/hooks';
import { selectSidebarGroupOpen, sidebarGroupToggled } from '@/features/sidebar/state/sidebar-slice';
import type { NavGroup } from '@/features/sidebar/utils/nav-model';
import { SidebarNavItem } from './sidebar-nav-item';

interface SidebarGroupProps {
  group: NavGroup;
  collapsed: boolean;
  badges?: Partial<Record<string, ReactNode>>;
  onNavigate?: () => void;
}

export function SidebarGroup({ group, collapsed, badges, onNavigate }: SidebarGroupProps) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => selectSidebarGroupOpen(state, group.id));
  const listId = `sidebar-group-${group.id}`;
  // The icon rail has no room for group headings; every link stays reachable there.
  const showItems = collapsed || open;

  return (
    <Box as="section" aria-label={group.title}>
      {collapsed ? (
        <Separator my="2" />
      ) : (
        <Button
          variant="ghost"
          size="xs"
          width="full"
          height="auto"
          py="1"
          display="grid"
          gridTemplateColumns="auto 1fr"
          columnGap="1"
          justifyItems="start"
          textAlign="start"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => dispatch(sidebarGroupToggled(group.id))}
        >
          {open ? <LuChevronDown aria-hidden="true" /> : <LuChevronRight aria-hidden="true" />}
          <Box as="span" textTransform="uppercase" letterSpacing="wide" whiteSpace="normal">
            {group.title}
          </Box>
        </Button>
      )}
      <Stack as="ul" id={listId} hidden={!showItems} listStyleType="none" gap="0.5" mt="1" ps="0">
        {group.items.map((item) => (
          <li key={item.key}>
            <SidebarNavItem
              item={item}
              collapsed={collapsed}
              badge={badges?.[item.key]}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </Stack>
    </Box>
  );
}
