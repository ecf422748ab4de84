/** Sidebar client state (SPEC §4): expanded or collapsed, mobile drawer open or closed, each group open. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readSidebarCookie } from '@/features/sidebar/utils/sidebar-cookie';

export interface SidebarState {
  expanded: boolean;
  mobileOpen: boolean;
  /** Groups the user has closed; every group starts open (SPEC §2). */
  closedGroups: Record<string, boolean>;
}

/** The saved cookie decides expanded/collapsed at start; without one the sidebar starts expanded. */
export function initialSidebarState(): SidebarState {
  const saved = typeof document === 'undefined' ? undefined : readSidebarCookie();
  return { expanded: saved ?? true, mobileOpen: false, closedGroups: {} };
}

export const sidebarSlice = createSlice({
  name: 'sidebar',
  initialState: initialSidebarState,
  reducers: {
    sidebarToggled(state) {
      state.expanded = !state.expanded;
    },
    sidebarMobileToggled(state) {
      state.mobileOpen = !state.mobileOpen;
    },
    sidebarMobileOpenChanged(state, action: PayloadAction<boolean>) {
      state.mobileOpen = action.payload;
    },
    sidebarGroupToggled(state, action: PayloadAction<string>) {
      state.closedGroups[action.payload] = !state.closedGroups[action.payload];
    },
  },
  selectors: {
    selectSidebarExpanded: (state) => state.expanded,
    selectSidebarMobileOpen: (state) => state.mobileOpen,
    selectSidebarGroupOpen: (state, group: string) => !state.closedGroups[group],
  },
});

export const { sidebarToggled, sidebarMobileToggled, sidebarMobileOpenChanged, sidebarGroupToggled } =
  sidebarSlice.actions;
export const { selectSidebarExpanded, selectSidebarMobileOpen, selectSidebarGroupOpen } =
  sidebarSlice.selectors;
