/**
 * Keeps the store in step with the backend client's session: the initial session, sign-in, token refresh
 * and sign-out (also from other tabs) all arrive through onAuthStateChange. A browser with no stored
 * session is signed out at once and the client is not loaded; when the sign-in form loads it, the
 * subscription starts then.
 */
import { useEffect } from 'react';
import { useAppDispatch } from '@/app/store/hooks';
import { createLogger } from '@/lib/security/logger';
import { backend, storedSessionExists, whenBackendLoaded, type BackendClient } from '@/lib/backend';
import { mapSession } from '@/features/auth/api/map-session';
import { authStateChanged } from '@/features/auth/state/auth-slice';

const log = createLogger('auth');

export function useAuthSessionSync() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    const signedOut = () => dispatch(authStateChanged({ user: null, session: null }));
    const subscribe = (client: BackendClient) => {
      if (!active) return;
      const { data } = client.auth.onAuthStateChange((_event, session) => {
        dispatch(authStateChanged(mapSession(session)));
      });
      unsubscribe = () => data.subscription.unsubscribe();
    };
    const failed = (error: unknown) => {
      // Misconfigured backend: treat as signed out so public pages work and /auth can explain.
      log.error('auth_subscription_error', {
        message: error instanceof Error ? error.message : String(error),
      });
      signedOut();
    };
    if (storedSessionExists()) {
      backend().then(subscribe).catch(failed);
    } else {
      signedOut();
      unsubscribe = whenBackendLoaded((client) => {
        try {
          subscribe(client);
        } catch (error) {
          failed(error);
        }
      });
    }
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [dispatch]);
}
