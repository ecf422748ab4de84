/** Desktop: a fixed rail 16 rem wide that collapses to 3 rem icons. Mobile: an 18 rem off-canvas drawer. */
import { Box, CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { SIDEBAR } from '@/config/constants';
import { useAppDispatch, useAppSelector } from '@/app/store/hooks';
import {
  selectSidebarExpanded,
  selectSidebarMobileOpen,
  sidebarMobileOpenChanged,
} from '@/features/sidebar/state/sidebar-slice';
import { SidebarContent, type SidebarContentProps } from './sidebar-content';
import { DESKTOP_SIDEBAR_ID, MOBILE_SIDEBAR_ID } from './sidebar-ids';

type SidebarProps = Omit<SidebarContentProps, 'collapsed' | 'onNavigate'> & { isMobile: boolean };

export function sidebarWidthRem(expanded: boolean): number {
  return expanded ? SIDEBAR.widthRem : SIDEBAR.collapsedWidthRem;
}

export function Sidebar({ isMobile, ...content }: SidebarProps) {
  return isMobile ? <MobileSidebar {...content} /> : <DesktopSidebar {...content} />;
}

function DesktopSidebar(content: Omit<SidebarContentProps, 'collapsed'>) {
  const expanded = useAppSelector(selectSidebarExpanded);
  return (
    <Box
      as="aside"
      id={DESKTOP_SIDEBAR_ID}
      aria-label="Sidebar"
      data-state={expanded ? 'expanded' : 'collapsed'}
      style={{ width: `${sidebarWidthRem(expanded)}rem` }}
      flexShrink={0}
      position="sticky"
      top="0"
      height="100dvh"
      borderRightWidth="1px"
      bg="bg.subtle"
      transition="width 0.2s ease"
    >
      <SidebarContent collapsed={!expanded} {...content} />
    </Box>
  );
}

function MobileSidebar(content: Omit<SidebarContentProps, 'collapsed'>) {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSidebarMobileOpen);
  const close = () => dispatch(sidebarMobileOpenChanged(false));
  return (
    <Drawer.Root
      open={open}
      placement="start"
      ids={{ content: MOBILE_SIDEBAR_ID }}
      onOpenChange={(details) => dispatch(sidebarMobileOpenChanged(details.open))}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content style={{ width: `${SIDEBAR.mobileWidthRem}rem` }} maxW="100vw">
            <Drawer.Header>
              <Drawer.Title fontSize="md">Navigation</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0">
              <SidebarContent collapsed={false} {...content} onNavigate={close} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close navigation" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
