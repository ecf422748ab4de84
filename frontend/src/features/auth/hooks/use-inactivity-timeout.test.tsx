import { act, fireEvent, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store/store';
import { toaster } from '@/components/ui/toast';
import { SESSION } from '@/config/constants';
import { fakeAuth, makeSession, resetFakeSupabase } from '@/testing/fake-supabase';
import { mapSession } from '@/features/auth/api/map-session';
import { authStateChanged, selectUser } from '@/features/auth/state/auth-slice';
import { ACTIVITY_EVENTS, useInactivityTimeout } from './use-inactivity-timeout';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

function setup(signedIn = true) {
  const store = makeStore();
  if (signedIn) store.dispatch(authStateChanged(mapSession(makeSession())));
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  renderHook(() => useInactivityTimeout(), { wrapper });
  return store;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  resetFakeSupabase();
  toaster.remove();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('inactivity sign-out', () => {
  it('signs out at exactly 15 minutes without activity, with the Session Expired toast', async () => {
    const store = setup();
    await advance(SESSION.inactivityTimeoutMs - 1);
    expect(selectUser(store.getState())).not.toBeNull();
    expect(fakeAuth.signOut).not.toHaveBeenCalled();
    await advance(1);
    expect(selectUser(store.getState())).toBeNull();
    expect(fakeAuth.signOut).toHaveBeenCalledTimes(1);
    expect(toaster.getVisibleToasts()[0]).toMatchObject({
      title: 'Session Expired',
      description: 'You have been logged out due to inactivity.',
      meta: { variant: 'destructive' },
    });
  });

  it.each(ACTIVITY_EVENTS)('%s restarts the countdown after the 1 s debounce', async (type) => {
    const store = setup();
    const activityAt = 10 * 60 * 1000;
    await advance(activityAt);
    fireEvent(window, new Event(type));
    // The restart happens when the debounce ends, so the new deadline is counted from there.
    const deadline = activityAt + SESSION.activityDebounceMs + SESSION.inactivityTimeoutMs;
    await advance(deadline - activityAt - 1);
    expect(selectUser(store.getState())).not.toBeNull();
    await advance(1);
    expect(selectUser(store.getState())).toBeNull();
  });

  it('absorbs a burst of activity into one restart, and steady activity keeps the session alive', async () => {
    const store = setup();
    for (let second = 0; second < 20 * 60; second += 1) {
      fireEvent.mouseMove(window);
      await advance(500);
      fireEvent.mouseMove(window);
      await advance(500);
    }
    expect(selectUser(store.getState())).not.toBeNull();
    await advance(SESSION.inactivityTimeoutMs + SESSION.activityDebounceMs);
    expect(selectUser(store.getState())).toBeNull();
  });

  it('does nothing while signed out', async () => {
    setup(false);
    await advance(SESSION.inactivityTimeoutMs * 2);
    expect(fakeAuth.signOut).not.toHaveBeenCalled();
  });
});
