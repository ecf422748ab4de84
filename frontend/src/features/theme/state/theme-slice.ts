/**
 * Theme preference (DESIGN.md §7): light, dark or system, kept in localStorage under 'vite-ui-theme',
 * default dark. 'system' follows the device's dark-mode setting, which is tracked here as well.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { THEME } from '@/config/constants';

export const themePreferences = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type ResolvedTheme = 'light' | 'dark';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (themePreferences as readonly string[]).includes(value);
}

export function readStoredPreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME.storageKey);
    return isThemePreference(stored) ? stored : THEME.defaultTheme;
  } catch {
    return THEME.defaultTheme;
  }
}

function readSystemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

export interface ThemeState {
  preference: ThemePreference;
  systemPrefersDark: boolean;
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => ({
    preference: readStoredPreference(),
    systemPrefersDark: readSystemPrefersDark(),
  }),
  reducers: {
    themeChosen(state, action: PayloadAction<ThemePreference>) {
      state.preference = action.payload;
    },
    systemThemeChanged(state, action: PayloadAction<{ prefersDark: boolean }>) {
      state.systemPrefersDark = action.payload.prefersDark;
    },
  },
  selectors: {
    selectThemePreference: (state) => state.preference,
    selectResolvedTheme: (state): ResolvedTheme => {
      if (state.preference === 'system') return state.systemPrefersDark ? 'dark' : 'light';
      return state.preference;
    },
  },
});

export const { themeChosen, systemThemeChanged } = themeSlice.actions;
export const { selectThemePreference, selectResolvedTheme } = themeSlice.selectors;
