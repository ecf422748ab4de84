import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAppListening } from '@/app/store/listener';
import { makeStore } from '@/app/store/store';
import { toaster } from '@/components/ui/toast';
import { SESSION, TOTP } from '@/config/constants';
import { recentLogEntries } from '@/lib/security/logger';
import {
  answerAdminValidation,
  answerRpc,
  fakeAuth,
  fakeSupabase,
  makeSession,
  resetFakeSupabase,
} from '@/testing/fake-supabase';
import { mapSession } from '@/features/auth/api/map-session';
import {
  adminValidated,
  authStateChanged,
  selectAdminValidation,
  selectAuthLoading,
  selectUser,
} from './auth-slice';
import { clearQueryCacheOnSignOut } from './auth-listeners';
import { refreshAuth, requireMfaSetup, signOut, validateAdmin, verifyMfa } from './auth-thunks';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const loggedEvents = () => recentLogEntries().map((entry) => entry.message);
const signedInState = () => mapSession(makeSession());
const visibleToastTitles = () => toaster.getVisibleToasts().map((t) => t.title);

beforeEach(() => {
  resetFakeSupabase();
  toaster.remove();
});
afterEach(() => vi.useRealTimers());

describe('auth state changes', () => {
  it('set user and session and clear loading', () => {
    const store = makeStore();
    expect(selectAuthLoading(store.getState())).toBe(true);
    store.dispatch(authStateChanged(signedInState()));
    expect(selectUser(store.getState())).toEqual({
      id: 'user-1',
      email: 'analyst@cti.local',
      mustChangePassword: false,
    });
    expect(store.getState().auth.session).toEqual({ userId: 'user-1', expiresAt: 1_900_000_000 });
    expect(selectAuthLoading(store.getState())).toBe(false);
  });

  it('re-run admin validation shortly after a user appears', async () => {
    vi.useFakeTimers();
    answerAdminValidation(true, null);
    const store = makeStore();
    store.dispatch(authStateChanged(signedInState()));
    await vi.advanceTimersByTimeAsync(SESSION.adminRevalidateDelayMs - 1);
    expect(fakeSupabase.rpc).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fakeSupabase.rpc).toHaveBeenCalledWith('validate_admin_access');
    expect(selectAdminValidation(store.getState())).toEqual({ authorized: true, reason: null });
  });

  it('clear the admin result when there is no user, and drop a pending re-validation', async () => {
    vi.useFakeTimers();
    answerAdminValidation(true, null);
    const store = makeStore();
    store.dispatch(authStateChanged(signedInState()));
    store.dispatch(adminValidated({ authorized: true, reason: null }));
    store.dispatch(authStateChanged({ user: null, session: null }));
    expect(selectAdminValidation(store.getState())).toBeNull();
    await vi.advanceTimersByTimeAsync(SESSION.adminRevalidateDelayMs * 2);
    expect(fakeSupabase.rpc).not.toHaveBeenCalled();
    expect(selectAdminValidation(store.getState())).toBeNull();
  });
});

describe('signOut', () => {
  it('clears state, calls the backend and shows the Signed Out toast', async () => {
    const store = makeStore();
    store.dispatch(authStateChanged(signedInState()));
    store.dispatch(adminValidated({ authorized: true, reason: null }));
    await store.dispatch(signOut());
    expect(store.getState().auth).toMatchObject({
      user: null,
      session: null,
      adminValidation: null,
      loading: false,
    });
    expect(fakeAuth.signOut).toHaveBeenCalledTimes(1);
    const [shown] = toaster.getVisibleToasts();
    expect(shown).toMatchObject({ title: 'Signed Out', description: 'You have been securely signed out.' });
  });

  it('still clears local state when the backend fails, logs signout_error and forgets the local session', async () => {
    fakeAuth.signOut.mockResolvedValueOnce({ error: new Error('network down') });
    const store = makeStore();
    store.dispatch(authStateChanged(signedInState()));
    await store.dispatch(signOut());
    expect(selectUser(store.getState())).toBeNull();
    expect(loggedEvents()).toContain('signout_error');
    expect(fakeAuth.signOut).toHaveBeenLastCalledWith({ scope: 'local' });
    expect(visibleToastTitles()).toEqual(['Signed Out']);
  });

  it('still clears local state when the backend call throws', async () => {
    fakeAuth.signOut.mockRejectedValueOnce(new Error('boom'));
    const store = makeStore();
    store.dispatch(authStateChanged(signedInState()));
    await store.dispatch(signOut());
    expect(selectUser(store.getState())).toBeNull();
    expect(loggedEvents().filter((m) => m === 'signout_error').length).toBeGreaterThan(0);
  });

  it('clears the query cache through the listener the provider registers', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['alerts', 'count'], 3);
    const stop = clearQueryCacheOnSignOut(startAppListening, queryClient);
    const store = makeStore();
    await store.dispatch(signOut());
    stop();
    expect(queryClient.getQueryData(['alerts', 'count'])).toBeUndefined();
  });

  it('after inactivity shows Session Expired (destructive) instead', async () => {
    const store = makeStore();
    await store.dispatch(signOut('inactivity'));
    const [shown] = toaster.getVisibleToasts();
    expect(shown).toMatchObject({
      title: 'Session Expired',
      description: 'You have been logged out due to inactivity.',
      type: 'error',
      meta: { variant: 'destructive' },
    });
  });
});

describe('validateAdmin', () => {
  it('stores the backend answer', async () => {
    answerAdminValidation(false, 'mfa_required');
    const store = makeStore();
    store.dispatch(authStateChanged(signedInState()));
    await expect(store.dispatch(validateAdmin())).resolves.toEqual({
      authorized: false,
      reason: 'mfa_required',
    });
  });

  it('logs admin_validation_error on an RPC error', async () => {
    answerRpc('validate_admin_access', () => ({ data: null, error: { message: 'permission denied' } }));
    const store = makeStore();
    store.dispatch(authStateChanged(signedInState()));
    await store.dispatch(validateAdmin());
    expect(loggedEvents()).toContain('admin_validation_error');
    expect(selectAdminValidation(store.getState())).toEqual({
      authorized: false,
      reason: 'validation_error',
    });
  });

  it('logs admin_validation_exception and answers validation_error when the call throws', async () => {
    answerRpc('validate_admin_access', () => {
      throw new Error('offline');
    });
    const store = makeStore();
    store.dispatch(authStateChanged(signedInState()));
    await store.dispatch(validateAdmin());
    expect(loggedEvents()).toContain('admin_validation_exception');
    expect(selectAdminValidation(store.getState())).toEqual({
      authorized: false,
      reason: 'validation_error',
    });
  });
});

describe('refreshAuth', () => {
  it('reads the session again', async () => {
    fakeAuth.getSession.mockResolvedValueOnce({
      data: { session: makeSession({ id: 'user-2' }) },
      error: null,
    });
    const store = makeStore();
    await store.dispatch(refreshAuth());
    expect(selectUser(store.getState())?.id).toBe('user-2');
  });

  it('logs auth_refresh_error on failure', async () => {
    fakeAuth.getSession.mockRejectedValueOnce(new Error('offline'));
    await makeStore().dispatch(refreshAuth());
    expect(loggedEvents()).toContain('auth_refresh_error');
  });
});

describe('requireMfaSetup', () => {
  it('refuses without a prior admin validation', async () => {
    const store = makeStore();
    store.dispatch(authStateChanged(signedInState()));
    await expect(store.dispatch(requireMfaSetup('A'.repeat(TOTP.secretLength)))).rejects.toThrow(
      'Admin validation required',
    );
    store.dispatch(adminValidated({ authorized: false, reason: 'not_admin' }));
    await expect(store.dispatch(requireMfaSetup('A'.repeat(TOTP.secretLength)))).rejects.toThrow(
      'Admin validation required',
    );
    expect(fakeSupabase.rpc).not.toHaveBeenCalled();
  });

  it('sends the secret with the six-zero placeholder and answers the backup codes', async () => {
    const secret = 'A'.repeat(TOTP.secretLength);
    answerRpc('setup_admin_totp', () => ({
      data: { success: true, backup_codes: ['AAAAA-BBBBB'] },
      error: null,
    }));
    const store = makeStore();
    store.dispatch(authStateChanged(signedInState()));
    store.dispatch(adminValidated({ authorized: false, reason: 'mfa_setup_required' }));
    await expect(store.dispatch(requireMfaSetup(secret))).resolves.toEqual({ backupCodes: ['AAAAA-BBBBB'] });
    expect(fakeSupabase.rpc).toHaveBeenCalledWith('setup_admin_totp', {
      _secret: secret,
      _verification_code: TOTP.setupPlaceholderCode,
    });
    expect(TOTP.setupPlaceholderCode).toBe('000000');
  });

  it("reports 'MFA setup failed: {message}'", async () => {
    answerRpc('setup_admin_totp', () => ({ data: null, error: { message: 'Invalid TOTP secret' } }));
    const store = makeStore();
    store.dispatch(authStateChanged(signedInState()));
    store.dispatch(adminValidated({ authorized: false, reason: 'mfa_setup_required' }));
    await expect(store.dispatch(requireMfaSetup('A'.repeat(32)))).rejects.toThrow(
      'MFA setup failed: Invalid TOTP secret',
    );
  });
});

describe('verifyMfa', () => {
  it('answers failure and logs mfa_verification_failed', async () => {
    answerRpc('verify_admin_totp', () => ({
      data: { success: false, backup_code_used: false, remaining_backup_codes: 10, reason: 'invalid_code' },
      error: null,
    }));
    const result = await makeStore().dispatch(verifyMfa('123456'));
    expect(result).toMatchObject({ success: false, reason: 'invalid_code', remainingBackupCodes: 10 });
    expect(loggedEvents()).toContain('mfa_verification_failed');
  });

  it('on success re-runs admin validation', async () => {
    answerRpc('verify_admin_totp', () => ({
      data: { success: true, backup_code_used: true, remaining_backup_codes: 9 },
      error: null,
    }));
    answerAdminValidation(true, null);
    const store = makeStore();
    store.dispatch(authStateChanged(signedInState()));
    store.dispatch(adminValidated({ authorized: false, reason: 'mfa_required' }));
    const result = await store.dispatch(verifyMfa('ABCDE-FGH23'));
    expect(result).toEqual({
      success: true,
      backupCodeUsed: true,
      remainingBackupCodes: 9,
      reason: undefined,
    });
    expect(fakeSupabase.rpc).toHaveBeenCalledWith('verify_admin_totp', { _code: 'ABCDE-FGH23' });
    expect(selectAdminValidation(store.getState())).toEqual({ authorized: true, reason: null });
  });
});
