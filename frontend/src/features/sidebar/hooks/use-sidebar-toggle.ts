/** One toggle for both layouts: collapses the desktop sidebar, or opens/closes the mobile drawer. */
import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/store/hooks';
import {
  selectSidebarExpanded,
  selectSidebarMobileOpen,
  sidebarMobileToggled,
  sidebarToggled,
} from '@/features/sidebar/state/sidebar-slice';

export function useSidebarToggle(isMobile: boolean): { toggle: () => void; expanded: boolean } {
  const dispatch = useAppDispatch();
  const desktopExpanded = useAppSelector(selectSidebarExpanded);
  const mobileOpen = useAppSelector(selectSidebarMobileOpen);
  const toggle = useCallback(
    () => dispatch(isMobile ? sidebarMobileToggled() : sidebarToggled()),
    [dispatch, isMobile],
  );
  return { toggle, expanded: isMobile ? mobileOpen : desktopExpanded };
}
