/** Writes the expanded/collapsed state to the cookie whenever it changes. */
import { useEffect } from 'react';
import { useAppSelector } from '@/app/store/hooks';
import { selectSidebarExpanded } from '@/features/sidebar/state/sidebar-slice';
import { writeSidebarCookie } from '@/features/sidebar/utils/sidebar-cookie';

export function useSidebarCookieSync(): void {
  const expanded = useAppSelector(selectSidebarExpanded);
  useEffect(() => writeSidebarCookie(expanded), [expanded]);
}
