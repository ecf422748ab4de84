import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store/store';
import { SIDEBAR } from '@/config/constants';
import {
  selectSidebarExpanded,
  selectSidebarGroupOpen,
  selectSidebarMobileOpen,
  sidebarGroupToggled,
  sidebarMobileOpenChanged,
  sidebarMobileToggled,
  sidebarToggled,
} from './sidebar-slice';

afterEach(() => {
  document.cookie = `${SIDEBAR.cookieName}=; Path=/; Max-Age=0`;
});

describe('sidebar slice', () => {
  it('starts expanded, drawer closed, every group open', () => {
    const state = makeStore().getState();
    expect(selectSidebarExpanded(state)).toBe(true);
    expect(selectSidebarMobileOpen(state)).toBe(false);
    for (const group of ['commandCenter', 'threatIntelligence', 'any-group']) {
      expect(selectSidebarGroupOpen(state, group)).toBe(true);
    }
  });

  it('starts collapsed when the cookie says so', () => {
    document.cookie = `${SIDEBAR.cookieName}=false; Path=/`;
    expect(selectSidebarExpanded(makeStore().getState())).toBe(false);
  });

  it('toggles expanded, the drawer and each group independently', () => {
    const store = makeStore();
    store.dispatch(sidebarToggled());
    expect(selectSidebarExpanded(store.getState())).toBe(false);
    store.dispatch(sidebarMobileToggled());
    expect(selectSidebarMobileOpen(store.getState())).toBe(true);
    store.dispatch(sidebarMobileOpenChanged(false));
    expect(selectSidebarMobileOpen(store.getState())).toBe(false);

    store.dispatch(sidebarGroupToggled('threatIntelligence'));
    expect(selectSidebarGroupOpen(store.getState(), 'threatIntelligence')).toBe(false);
    expect(selectSidebarGroupOpen(store.getState(), 'commandCenter')).toBe(true);
    store.dispatch(sidebarGroupToggled('threatIntelligence'));
    expect(selectSidebarGroupOpen(store.getState(), 'threatIntelligence')).toBe(true);
  });
});
