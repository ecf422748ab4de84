/**
 * Applies the resolved theme to <html> (class `dark`/`light` and `color-scheme`, which is what switches
 * Chakra's semantic tokens) and follows the device's dark-mode setting live.
 */
import { useEffect, useLayoutEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/store/hooks';
import {
  DARK_SCHEME_QUERY,
  selectResolvedTheme,
  systemThemeChanged,
} from '@/features/theme/state/theme-slice';

export function useApplyTheme() {
  const dispatch = useAppDispatch();
  const resolved = useAppSelector(selectResolvedTheme);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_SCHEME_QUERY);
    const onChange = (event: MediaQueryListEvent) =>
      dispatch(systemThemeChanged({ prefersDark: event.matches }));
    dispatch(systemThemeChanged({ prefersDark: query.matches }));
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [dispatch]);

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(resolved);
    root.style.colorScheme = resolved;
  }, [resolved]);
}
