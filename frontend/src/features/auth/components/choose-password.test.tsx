import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { platformPath } from '@/config/paths';
import {
  answerAdminValidation,
  emitAuthState,
  fakeAuth,
  fakeSupabase,
  makeSession,
  resetFakeSupabase,
  setInitialSession,
} from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);
vi.mock('@/app/layouts/platform-shell', async () => {
  const { Outlet } = await import('react-router');
  return { PlatformShell: () => <Outlet /> };
});

function oneTimeSession() {
  const session = makeSession({ email: 'new@cti.local' });
  session.user.app_metadata = { password_change_required: true };
  return session;
}

const auth = fakeAuth as typeof fakeAuth & {
  updateUser: ReturnType<typeof vi.fn>;
  refreshSession: ReturnType<typeof vi.fn>;
};

beforeEach(() => {
  resetFakeSupabase();
  answerAdminValidation(false, 'not_admin');
  auth.updateUser = vi.fn(async () => {
    // Like the real client: the updated user (flag gone) arrives before the refreshed token.
    emitAuthState('USER_UPDATED', makeSession({ email: 'new@cti.local' }));
    return { data: { user: makeSession().user }, error: null };
  });
  auth.refreshSession = vi.fn(async () => {
    emitAuthState('TOKEN_REFRESHED', makeSession({ email: 'new@cti.local' }));
    return { data: {}, error: null };
  });
});

async function fill(user: ReturnType<typeof renderApp>['user'], next: string, repeat = next) {
  await user.type(await screen.findByLabelText('One-time password'), 'Given-Once-123abc');
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('New password again'), repeat);
  await user.click(screen.getByRole('button', { name: 'Save and continue' }));
}

describe('a one-time password', () => {
  it('asks for a new password before the platform, and asks the server nothing else meanwhile', async () => {
    setInitialSession(oneTimeSession());
    renderApp(platformPath('dashboard'));
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.getByText('At least 12 characters')).toBeInTheDocument();
    expect(screen.getByText('An upper-case letter')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fakeSupabase.rpc).not.toHaveBeenCalled();
  });

  it('refuses a password that breaks the rules or does not match, in plain words, without a request', async () => {
    setInitialSession(oneTimeSession());
    const { user } = renderApp(platformPath('dashboard'));
    await fill(user, 'short');
    expect(await screen.findByText('The new password does not follow the rules below.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password'), 'Long-Enough-Pass1');
    await user.type(screen.getByLabelText('New password again'), 'Long-Enough-Pass2');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('The two new passwords are not the same.')).toBeInTheDocument();
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('sets the password with the one-time one, refreshes the session, then opens the platform', async () => {
    setInitialSession(oneTimeSession());
    const { user } = renderApp(platformPath('dashboard'));
    await fill(user, 'My-Own-Passw0rd');
    await waitFor(() => expect(auth.refreshSession).toHaveBeenCalled());
    expect(auth.updateUser).toHaveBeenCalledWith({
      password: 'My-Own-Passw0rd',
      current_password: 'Given-Once-123abc',
    });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Choose your password' })).not.toBeInTheDocument(),
    );
  });

  it('lets a password manager tell the one-time password from the new one (and offer a strong one)', async () => {
    setInitialSession(oneTimeSession());
    renderApp(platformPath('dashboard'));
    expect(await screen.findByLabelText('One-time password')).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('New password again')).toHaveAttribute('autocomplete', 'new-password');
  });

  it('says so when the one-time password is wrong, and stays', async () => {
    auth.updateUser = vi.fn(async () => ({
      data: { user: null },
      error: Object.assign(new Error('Current password required'), { code: 'current_password_mismatch' }),
    }));
    setInitialSession(oneTimeSession());
    const { user } = renderApp(platformPath('dashboard'));
    await fill(user, 'My-Own-Passw0rd');
    expect(await screen.findByText('The one-time password is not correct.')).toBeInTheDocument();
    expect(auth.refreshSession).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
  });
});
