/** `makeStore(preloadedState)` so each test gets a fresh store; types are inferred, never written. */
import { configureStore } from '@reduxjs/toolkit';
import { listenerMiddleware } from './listener';
import { rootReducer } from './root-reducer';

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listenerMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
