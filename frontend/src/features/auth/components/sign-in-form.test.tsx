import { AuthApiError, AuthRetryableFetchError } from '@supabase/supabase-js';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { platformPath, publicPaths } from '@/config/paths';
import {
  answerAdminValidation,
  fakeAuth,
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

beforeEach(() => {
  resetFakeSupabase();
  answerAdminValidation(false, 'not_admin');
});

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/email/i), 'analyst@cti.local');
  await user.type(screen.getByLabelText(/password/i), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in at /auth', () => {
  it('is marked security-sensitive: autocomplete off on the form and both fields', async () => {
    renderApp(publicPaths.auth);
    const form = await screen.findByRole('form', { name: 'Sign in' });
    expect(form).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByLabelText(/email/i)).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByLabelText(/password/i)).toHaveAttribute('autocomplete', 'off');
  });

  it('returns the user to the page the guard stopped them at', async () => {
    fakeAuth.signInWithPassword.mockResolvedValue({ data: { session: makeSession() }, error: null });
    const { router, user } = renderApp(`${platformPath('threatHunting')}?q=evil.example`);
    await waitFor(() => expect(router.state.location.pathname).toBe(publicPaths.auth));
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(platformPath('threatHunting')));
    expect(router.state.location.search).toBe('?q=evil.example');
    expect(fakeAuth.signInWithPassword).toHaveBeenCalledWith({
      email: 'analyst@cti.local',
      password: 'correct horse',
    });
    expect(await screen.findByRole('heading', { name: 'Threat Hunting' })).toBeInTheDocument();
  });

  it('goes to the dashboard when there is no original location', async () => {
    fakeAuth.signInWithPassword.mockResolvedValue({ data: { session: makeSession() }, error: null });
    const { router, user } = renderApp(publicPaths.auth);
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(platformPath('dashboard')));
  });

  it('shows a spinner while signing in', async () => {
    let finish: (value: unknown) => void = () => undefined;
    fakeAuth.signInWithPassword.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user } = renderApp(publicPaths.auth);
    await fillAndSubmit(user);
    expect(await screen.findByText('Signing in')).toBeInTheDocument();
    finish({ data: { session: null }, error: new AuthApiError('bad', 400, 'invalid_credentials') });
    expect(await screen.findByText('The email or password is incorrect.')).toBeInTheDocument();
  });

  it.each([
    [
      new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
      'The email or password is incorrect.',
    ],
    [
      new AuthApiError('Too many', 429, 'over_request_rate_limit'),
      'Too many sign-in attempts. Wait a few minutes, then try again.',
    ],
    [
      new AuthApiError('Too many', 429, undefined),
      'Too many sign-in attempts. Wait a few minutes, then try again.',
    ],
    [
      new AuthRetryableFetchError('Failed to fetch', 0),
      'Cannot reach the server. Check your connection and try again.',
    ],
    [
      new AuthApiError('Email not confirmed', 400, 'email_not_confirmed'),
      'This email address is not confirmed yet. Check your inbox.',
    ],
    [
      new AuthApiError('User is banned', 400, 'user_banned'),
      'This account is locked. Contact your administrator.',
    ],
    [new AuthApiError('boom', 500, 'unexpected_failure'), 'Sign-in failed. Please try again in a moment.'],
  ])('explains %s in plain words', async (error, message) => {
    fakeAuth.signInWithPassword.mockResolvedValue({ data: { session: null, user: null }, error });
    const { router, user } = renderApp(publicPaths.auth);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe(publicPaths.auth);
  });

  it('sends a visitor who is already signed in on to the platform', async () => {
    setInitialSession(makeSession());
    const { router } = renderApp(publicPaths.auth);
    await waitFor(() => expect(router.state.location.pathname).toBe(platformPath('dashboard')));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('asks for missing fields without calling the backend', async () => {
    const { user } = renderApp(publicPaths.auth);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(fakeAuth.signInWithPassword).not.toHaveBeenCalled();
  });
});
