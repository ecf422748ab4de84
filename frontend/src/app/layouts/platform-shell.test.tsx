import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { SIDEBAR } from '@/config/constants';
import { PLATFORM_ROOT } from '@/config/paths';
import { makeQueryClient } from '@/lib/query-client';
import { PlatformShell } from './platform-shell';

const backend = vi.hoisted(() => ({
  count: { count: 4 as number | null, error: null as unknown },
  databaseError: null as unknown,
}));
const auth = vi.hoisted(() => ({
  user: { id: 'u1', email: 'analyst@cti.local' } as unknown,
  signOut: vi.fn(),
  adminValidation: null as unknown,
}));

vi.mock('@/features/auth/hooks/use-auth', () => ({ useAuth: () => auth }));
vi.mock('@/lib/supabase', () => ({
  supabase: () => ({
    // The health monitor reports a changed result for the Admin dashboard's history.
    rpc: async () => ({ data: [{ stored: true }], error: null }),
    from: () => {
      const query = {
        select: () => query,
        eq: () => query,
        gte: () => query,
        // limit(0): the badge's count; limit(1): the health check's read.
        limit: async (rows: number) =>
          rows === 0 ? backend.count : { data: [], error: backend.databaseError },
      };
      return query;
    },
    channel: () => {
      let onSystem: ((message: { status: string }) => void) | undefined;
      const channel = {
        on: (type: string, _filter: unknown, callback: (message: { status: string }) => void) => {
          if (type === 'system') onSystem = callback;
          return channel;
        },
        subscribe: () => {
          onSystem?.({ status: 'ok' });
          return channel;
        },
      };
      return channel;
    },
    removeChannel: async () => 'ok',
    auth: { getSession: async () => ({ data: { session: null }, error: null }) },
    storage: { listBuckets: async () => ({ data: [], error: null }) },
    functions: { invoke: async () => ({ data: null, error: null }) },
  }),
}));

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoopResizeObserver);

const desktopWidth = 1440;
// jsdom announces touch events; a desktop browser without a touch screen does not.
const jsdomTouchHandler = Object.getOwnPropertyDescriptor(window, 'ontouchstart');

function setViewport(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        path: PLATFORM_ROOT,
        element: <PlatformShell />,
        children: [{ path: '*', element: <h1>Page body</h1> }],
      },
    ],
    { initialEntries: [`${PLATFORM_ROOT}/dashboard`] },
  );
  render(
    <AppProvider store={makeStore()} queryClient={makeQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

beforeEach(() => {
  setViewport(desktopWidth);
  Reflect.deleteProperty(window, 'ontouchstart');
  backend.count = { count: 4, error: null };
  backend.databaseError = null;
  auth.signOut.mockReset();
  auth.adminValidation = null;
});

afterEach(() => {
  if (jsdomTouchHandler) Object.defineProperty(window, 'ontouchstart', jsdomTouchHandler);
  Reflect.deleteProperty(navigator, 'maxTouchPoints');
  document.cookie = `${SIDEBAR.cookieName}=; Path=/; Max-Age=0`;
  vi.restoreAllMocks();
});

// Chakra's full sidebar in jsdom takes seconds per render on the shared 2-core machines.
const RENDER_HEAVY_TIMEOUT_MS = 20_000;

describe('PlatformShell', { timeout: RENDER_HEAVY_TIMEOUT_MS }, () => {
  it('renders the page inside the shell, with the sidebar, the header toggle and the theme choice', async () => {
    renderShell();
    expect(await screen.findByRole('heading', { name: 'Page body' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Page body' }));
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', 'platform-sidebar');
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute('id', 'platform-sidebar');
    expect(screen.getByRole('button', { name: /theme/i })).toBeInTheDocument();
  });

  it('asks an administrator without a second factor to set one up, on any page', async () => {
    auth.adminValidation = { authorized: false, reason: 'mfa_setup_required' };
    renderShell();
    expect(await screen.findByText('Set up two-factor authentication')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set it up now' })).toHaveAttribute(
      'href',
      `${PLATFORM_ROOT}/admin`,
    );
  });

  it('does not bother analysts or verified administrators', async () => {
    auth.adminValidation = { authorized: false, reason: 'not_admin' };
    renderShell();
    await screen.findByRole('heading', { name: 'Page body' });
    expect(screen.queryByText('Set up two-factor authentication')).toBeNull();
  });

  it('collapses and expands from the toggle, Ctrl+B and Cmd+B, saving the state in the cookie', async () => {
    const user = userEvent.setup();
    renderShell();
    const toggle = await screen.findByRole('button', { name: 'Toggle sidebar' });
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar.style.width).toBe(`${SIDEBAR.collapsedWidthRem}rem`);
    expect(document.cookie).toContain(`${SIDEBAR.cookieName}=false`);

    act(() => void fireEvent.keyDown(window, { key: 'b', ctrlKey: true }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar.style.width).toBe(`${SIDEBAR.widthRem}rem`);
    expect(document.cookie).toContain(`${SIDEBAR.cookieName}=true`);

    act(() => void fireEvent.keyDown(window, { key: 'b', metaKey: true }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = `${SIDEBAR.cookieName}=false; Path=/`;
    renderShell();
    expect(await screen.findByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).style.width).toBe(
      `${SIDEBAR.collapsedWidthRem}rem`,
    );
  });

  it.each([
    ['a viewport narrower than 1024 px', () => setViewport(SIDEBAR.mobileBreakpointPx - 1)],
    [
      'a touch-capable device',
      () => Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, get: () => 5 }),
    ],
    [
      'a mobile user agent',
      () =>
        vi
          .spyOn(navigator, 'userAgent', 'get')
          .mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148'),
    ],
  ])('uses an off-canvas drawer on %s', async (_case, makeMobile) => {
    makeMobile();
    const user = userEvent.setup();
    renderShell();
    const toggle = await screen.findByRole('button', { name: 'Toggle sidebar' });
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'platform-sidebar-drawer');

    await user.click(toggle);
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(drawer).toHaveAttribute('id', 'platform-sidebar-drawer');
    expect(drawer.style.width).toBe(`${SIDEBAR.mobileWidthRem}rem`);
    expect(within(drawer).getByRole('link', { name: 'Live CVE Feed' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the new-alert count on the Threat Intelligence Hub link', async () => {
    renderShell();
    expect(await screen.findByText('4 new alerts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Threat Intelligence Hub/ })).toHaveTextContent('4');
  });

  it('shows 0 when the count fails', async () => {
    backend.count = { count: null, error: { code: 'PGRST301', message: 'JWT expired' } };
    renderShell();
    expect(await screen.findByText('0 new alerts')).toBeInTheDocument();
  });

  it('shows the degradation banner when a health check answers with an error', async () => {
    backend.databaseError = { message: 'connection refused' };
    renderShell();
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Service Degradation');
    expect(banner).toHaveTextContent('Database connection lost');
  });
});
