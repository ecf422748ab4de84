/**
 * Keeps the store in step with the backend client's session: the initial session, sign-in, token refresh
 * and sign-out (also from other tabs) all arrive through onAuthStateChange.
 */
import { useEffect } from 'react';
import { useAppDispatch } from '@/app/store/hooks';
import { createLogger } from '@/lib/security/logger';
import { supabase } from '@/lib/supabase';
import { mapSession } from '@/features/auth/api/map-session';
import { authStateChanged } from '@/features/auth/state/auth-slice';

const log = createLogger('auth');

export function useAuthSessionSync() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    try {
      const { data } = supabase().auth.onAuthStateChange((_event, session) => {
        dispatch(authStateChanged(mapSession(session)));
      });
      return () => data.subscription.unsubscribe();
    } catch (error) {
      // Misconfigured backend: treat as signed out so public pages work and /auth can explain.
      log.error('auth_subscription_error', {
        message: error instanceof Error ? error.message : String(error),
      });
      dispatch(authStateChanged({ user: null, session: null }));
      return undefined;
    }
  }, [dispatch]);
}
