/**
 * Cross-cutting reactions to auth events (listener middleware): admin validation re-run shortly after a
 * user appears, the sign-out toasts, and clearing the server-state cache on sign-out.
 */
import { isAnyOf, type TypedStartListening } from '@reduxjs/toolkit';
import type { QueryClient } from '@tanstack/react-query';
import type { AppDispatch, RootState } from '@/app/store/store';
import { toast } from '@/components/ui/toast';
import { SESSION } from '@/config/constants';
import {
  authStateChanged,
  passwordChoiceSettled,
  selectMustChoosePassword,
  selectUser,
  userSignedOut,
} from './auth-slice';
import { validateAdmin } from './auth-thunks';

type StartListening = TypedStartListening<RootState, AppDispatch>;

export function addAuthListeners(startListening: StartListening) {
  startListening({
    matcher: isAnyOf(authStateChanged, userSignedOut, passwordChoiceSettled),
    effect: async (_action, api) => {
      // Only the latest auth change counts; a pending re-validation for an earlier one is dropped.
      api.cancelActiveListeners();
      // A token awaiting a new password is refused everywhere; ask again once it is chosen.
      if (!selectUser(api.getState()) || selectMustChoosePassword(api.getState())) return;
      await api.delay(SESSION.adminRevalidateDelayMs);
      await api.dispatch(validateAdmin());
    },
  });

  startListening({
    actionCreator: userSignedOut,
    effect: (action) => {
      if (action.payload.reason === 'inactivity') {
        toast({
          title: 'Session Expired',
          description: 'You have been logged out due to inactivity.',
          variant: 'destructive',
        });
      } else {
        toast({ title: 'Signed Out', description: 'You have been securely signed out.' });
      }
    },
  });
}

/** Registered by the app provider (which owns the query client); returns the unsubscribe. */
export function clearQueryCacheOnSignOut(startListening: StartListening, queryClient: QueryClient) {
  return startListening({ actionCreator: userSignedOut, effect: () => queryClient.clear() });
}
