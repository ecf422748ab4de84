import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { platformPath, publicPaths } from '@/config/paths';
import { answerAdminValidation, makeSession, resetFakeSupabase } from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';

const sso = vi.hoisted(() => ({
  list: vi.fn(),
  start: vi.fn(),
  exchange: vi.fn(),
}));

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);
vi.mock('@/app/layouts/platform-shell', async () => {
  const { Outlet } = await import('react-router');
  return { PlatformShell: () => <Outlet /> };
});
vi.mock('@/features/auth/api/list-sso-providers', () => ({ listSsoProviders: sso.list }));
vi.mock('@/features/auth/api/sign-in-with-provider', () => ({ signInWithProvider: sso.start }));
vi.mock('@/features/auth/api/exchange-sso-code', () => ({ exchangeSsoCode: sso.exchange }));

beforeEach(() => {
  resetFakeSupabase();
  answerAdminValidation(false, 'not_admin');
  sso.list.mockReset();
  sso.start.mockReset();
  sso.exchange.mockReset();
});

describe('single sign-on on the sign-in page', () => {
  it('shows nothing when the auth service offers no provider (the default)', async () => {
    sso.list.mockResolvedValue([]);
    renderApp(publicPaths.auth);
    await screen.findByRole('form', { name: 'Sign in' });
    await waitFor(() => expect(sso.list).toHaveBeenCalled());
    expect(screen.queryByRole('group', { name: 'Single sign-on' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('offers a button per provider and starts the sign-in with the chosen one', async () => {
    sso.list.mockResolvedValue([
      { id: 'keycloak', label: 'Keycloak' },
      { id: 'oidc', label: 'single sign-on' },
    ]);
    sso.start.mockReturnValue(new Promise(() => undefined));
    const { user } = renderApp(publicPaths.auth);
    await user.click(await screen.findByRole('button', { name: 'Sign in with Keycloak' }));
    expect(sso.start).toHaveBeenCalledWith('keycloak');
    expect(screen.getByRole('button', { name: /Sign in with single sign-on/ })).toBeDisabled();
  });

  it('says so when the sign-in cannot start', async () => {
    sso.list.mockResolvedValue([{ id: 'azure', label: 'Microsoft' }]);
    sso.start.mockRejectedValue(new Error('Single sign-on could not start. Please try again in a moment.'));
    const { user } = renderApp(publicPaths.auth);
    await user.click(await screen.findByRole('button', { name: 'Sign in with Microsoft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Single sign-on could not start.');
  });
});

describe('the single sign-on callback at /auth/callback', () => {
  it('exchanges the code and goes on to the dashboard', async () => {
    sso.exchange.mockResolvedValue(makeSession());
    const { router } = renderApp('/auth/callback?code=3b2c8a8e-0000-4000-8000-000000000001');
    await waitFor(() => expect(router.state.location.pathname).toBe(platformPath('dashboard')));
    expect(sso.exchange).toHaveBeenCalledWith('3b2c8a8e-0000-4000-8000-000000000001');
  });

  it('explains a refusal in its own words, never the provider-supplied description', async () => {
    renderApp(
      `/auth/callback?error=invalid_request&error_code=email_exists&error_description=${encodeURIComponent('<b>call +1 555 scam</b>')}`,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with your email address exists');
    expect(document.body.textContent).not.toContain('scam');
    expect(sso.exchange).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', publicPaths.auth);
  });

  it('shows why a code could not be exchanged', async () => {
    sso.exchange.mockRejectedValue(new Error('The sign-in could not be completed: start again.'));
    renderApp('/auth/callback?code=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in could not be completed');
  });
});
