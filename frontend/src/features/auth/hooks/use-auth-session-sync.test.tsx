import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store/store';

// One fake for every test: module resets below must not give the mocked client a new one.
const fake = await vi.hoisted(async () => await import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => fake.supabaseModuleMock);

type Fake = typeof fake;

// Each test starts with the client not yet loaded, as a fresh page does.
async function freshHook(before: (fake: Fake) => void = () => undefined) {
  vi.resetModules();
  fake.resetFakeSupabase();
  before(fake);
  const { useAuthSessionSync } = await import('./use-auth-session-sync');
  const { backend } = await import('@/lib/backend');
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  renderHook(() => useAuthSessionSync(), { wrapper });
  return { store, backend, fake };
}

afterEach(() => localStorage.clear());

describe('useAuthSessionSync', () => {
  it('signs out a browser without a stored session at once, without loading the client', async () => {
    const { store, fake } = await freshHook();
    expect(store.getState().auth.loading).toBe(false);
    expect(store.getState().auth.user).toBeNull();
    expect(fake.fakeAuth.onAuthStateChange).not.toHaveBeenCalled();
  });

  it('starts listening when the sign-in form loads the client', async () => {
    const { store, backend, fake } = await freshHook();
    await backend();
    await waitFor(() => expect(fake.fakeAuth.onAuthStateChange).toHaveBeenCalledTimes(1));
    act(() => fake.emitAuthState('SIGNED_IN', fake.makeSession({ email: 'analyst@example.org' })));
    expect(store.getState().auth.user?.email).toBe('analyst@example.org');
  });

  it('loads the client and restores a stored session', async () => {
    const { store } = await freshHook((fake) =>
      fake.setInitialSession(fake.makeSession({ email: 'admin@example.org' })),
    );
    await waitFor(() => expect(store.getState().auth.user?.email).toBe('admin@example.org'));
  });
});
