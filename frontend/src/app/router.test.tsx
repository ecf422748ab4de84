import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT } from '@/config/constants';
import { platformPath, publicPaths, publicRedirects } from '@/config/paths';
import {
  answerAdminValidation,
  makeSession,
  resetFakeSupabase,
  setInitialSession,
} from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';
import { platformPageRegistry } from './routes/platform/pages';
import { legacyRedirects } from './routes/platform/platform-routes';
import { publicPages } from './routes/public/public-content';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);
// The shell (sidebar, monitors) has its own tests; here only the routes inside it matter.
vi.mock('@/app/layouts/platform-shell', async () => {
  const { Outlet } = await import('react-router');
  return { PlatformShell: () => <Outlet /> };
});

beforeEach(() => resetFakeSupabase());
afterEach(() => vi.useRealTimers());

function signedIn(
  admin: { authorized: boolean; reason: string | null } = { authorized: false, reason: 'not_admin' },
) {
  setInitialSession(makeSession());
  answerAdminValidation(admin.authorized, admin.reason);
}

describe('public routes', () => {
  it.each(publicPages.map((page) => [page.path, page.title]))('%s shows its page', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('shows the home page at /', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: PRODUCT.name })).toBeInTheDocument();
  });

  it('shows the not-found page for any other path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('redirects', () => {
  it.each([...publicRedirects, ...legacyRedirects.filter((r) => !r.signIn)].map((r) => [r.from, r.to]))(
    '%s replaces history with %s',
    async (from, to) => {
      signedIn();
      const { router } = renderApp(from);
      await waitFor(() => expect(router.state.location.pathname).toBe(to));
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it.each(legacyRedirects.filter((r) => r.signIn && !r.adminOnly).map((r) => [r.from, r.to]))(
    '%s needs sign-in: signed out it goes to /auth with the original location',
    async (from) => {
      const { router } = renderApp(`${from}?tab=x`);
      await waitFor(() => expect(router.state.location.pathname).toBe(publicPaths.auth));
      expect(router.state.historyAction).toBe('REPLACE');
      expect(router.state.location.state).toEqual({ from: { pathname: from, search: '?tab=x', hash: '' } });
    },
  );

  it.each(legacyRedirects.filter((r) => r.signIn && !r.adminOnly).map((r) => [r.from, r.to]))(
    '%s signed in goes to %s',
    async (from, to) => {
      signedIn();
      const { router } = renderApp(from);
      await waitFor(() => expect(router.state.location.pathname).toBe(to));
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it('/admin shows the admin notice to a signed-in non-admin', async () => {
    signedIn({ authorized: false, reason: 'not_admin' });
    const { router } = renderApp('/admin');
    expect(
      await screen.findByText('Admin privileges required. Contact your administrator for access.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('/admin takes an authorized admin to /platform/admin', async () => {
    signedIn({ authorized: true, reason: null });
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe(platformPath('admin')));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });
});

describe('platform area', () => {
  it('shows the loader while a stored session is being verified', async () => {
    signedIn();
    renderApp(platformPath('dashboard'));
    expect(screen.getByText('Verifying access...')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  });

  it('settles a browser without a stored session as signed out at once', async () => {
    const { router } = renderApp(platformPath('dashboard'));
    expect(screen.queryByText('Verifying access...')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(publicPaths.auth));
  });

  it('sends a signed-out visitor to /auth, replacing history', async () => {
    const { router } = renderApp(platformPath('threatHunting'));
    await waitFor(() => expect(router.state.location.pathname).toBe(publicPaths.auth));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each(platformPageRegistry.filter((page) => !page.adminOnly).map((page) => [page.key, page.title]))(
    'lazily loads the %s page for a signed-in user',
    async (page, title) => {
      signedIn();
      renderApp(platformPath(page));
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    },
  );

  it('names the page in the tab title', async () => {
    signedIn();
    renderApp(platformPath('liveCveFeed'));
    await screen.findByRole('heading', { level: 1, name: 'Live CVE Feed' });
    expect(document.title).toBe(`Live CVE Feed · ${PRODUCT.name}`);
  });

  it('renders the dashboard at the index', async () => {
    signedIn();
    renderApp('/platform');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each(platformPageRegistry.filter((page) => page.adminOnly).map((page) => [page.key]))(
    '%s is admin-only: a non-admin sees the notice',
    async (page) => {
      signedIn({ authorized: false, reason: 'not_admin' });
      renderApp(platformPath(page));
      expect(
        await screen.findByText('Admin privileges required. Contact your administrator for access.'),
      ).toBeInTheDocument();
    },
  );

  it('quantum-intelligence redirects to unified-intelligence', async () => {
    signedIn();
    const { router } = renderApp('/platform/quantum-intelligence');
    await waitFor(() => expect(router.state.location.pathname).toBe(platformPath('unifiedIntelligence')));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('unknown sub-paths redirect to the dashboard', async () => {
    signedIn();
    const { router } = renderApp('/platform/no-such-page');
    await waitFor(() => expect(router.state.location.pathname).toBe(platformPath('dashboard')));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the two-factor setup instead of the notice when the admin has none yet', async () => {
    signedIn({ authorized: false, reason: 'mfa_setup_required' });
    renderApp(platformPath('systemConfig'));
    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor authentication' }),
    ).toBeInTheDocument();
  });

  it('asks for the second factor when the admin has not verified in this session', async () => {
    signedIn({ authorized: false, reason: 'mfa_required' });
    renderApp(platformPath('admin'));
    expect(await screen.findByRole('heading', { name: 'Two-factor verification' })).toBeInTheDocument();
  });
});
