/** Cross-cutting reactions (e.g. on sign-out: clear slices, timers and the query cache). */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { addAuthListeners } from '@/features/auth/state/auth-listeners';
import { addThemeListeners } from '@/features/theme/state/theme-listeners';
import type { AppDispatch, RootState } from './store';

export const listenerMiddleware = createListenerMiddleware();

export const startAppListening = listenerMiddleware.startListening.withTypes<RootState, AppDispatch>();

addAuthListeners(startAppListening);
addThemeListeners(startAppListening);
