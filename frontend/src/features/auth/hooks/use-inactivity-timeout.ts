/**
 * Signs the user out after 15 minutes without activity (SPEC §4). Activity restarts the countdown at
 * most 1 s after it begins: the first event of a burst schedules the restart and the rest of the burst is
 * absorbed, so steady activity (a moving mouse) restarts it every second instead of postponing it forever.
 */
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/store/hooks';
import { SESSION } from '@/config/constants';
import { selectIsSignedIn } from '@/features/auth/state/auth-slice';
import { signOut } from '@/features/auth/state/auth-thunks';

export const ACTIVITY_EVENTS = [
  'mousedown',
  'mousemove',
  'keypress',
  'scroll',
  'touchstart',
  'click',
] as const;

export function useInactivityTimeout() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);

  useEffect(() => {
    if (!signedIn) return;
    let inactivityTimer: ReturnType<typeof setTimeout> | undefined;
    let debounceTimer: ReturnType<typeof setTimeout> | undefined;

    const startCountdown = () => {
      clearTimeout(inactivityTimer);
      inactivityTimer = setTimeout(() => void dispatch(signOut('inactivity')), SESSION.inactivityTimeoutMs);
    };
    const onActivity = () => {
      if (debounceTimer !== undefined) return;
      debounceTimer = setTimeout(() => {
        debounceTimer = undefined;
        startCountdown();
      }, SESSION.activityDebounceMs);
    };

    startCountdown();
    const options: AddEventListenerOptions = { passive: true, capture: true };
    ACTIVITY_EVENTS.forEach((type) => window.addEventListener(type, onActivity, options));
    return () => {
      clearTimeout(inactivityTimer);
      clearTimeout(debounceTimer);
      ACTIVITY_EVENTS.forEach((type) => window.removeEventListener(type, onActivity, options));
    };
  }, [dispatch, signedIn]);
}
