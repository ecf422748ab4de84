/** Persists the chosen theme (listener middleware keeps the slice free of side effects). */
import type { TypedStartListening } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '@/app/store/store';
import { THEME } from '@/config/constants';
import { createLogger } from '@/lib/security/logger';
import { themeChosen } from './theme-slice';

const log = createLogger('theme');

export function addThemeListeners(startListening: TypedStartListening<RootState, AppDispatch>) {
  startListening({
    actionCreator: themeChosen,
    effect: (action) => {
      try {
        window.localStorage.setItem(THEME.storageKey, action.payload);
      } catch (error) {
        log.warn('theme_not_saved', { message: error instanceof Error ? error.message : String(error) });
      }
    },
  });
}
