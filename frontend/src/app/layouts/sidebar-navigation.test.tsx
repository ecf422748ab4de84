import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { SIDEBAR } from '@/config/constants';
import { platformPath } from '@/config/paths';
import { sidebarToggled } from '@/features/sidebar/state/sidebar-slice';
import { navGroups } from '@/app/routes/platform/navigation';
import { Sidebar } from '@/features/sidebar/components/sidebar';

// jsdom has no ResizeObserver; the menu's positioning asks for one.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoopResizeObserver);

function renderSidebar({ onSignOut = vi.fn(), path = platformPath('liveCveFeed'), isAdmin = false } = {}) {
  const store = makeStore();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Sidebar
            isMobile={false}
            groups={navGroups({ isAdmin })}
            email="analyst@cti.local"
            profileHref={platformPath('profile')}
            onSignOut={onSignOut}
            badges={{ threatIntelligenceHub: <span>7</span> }}
          />
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { store, onSignOut, router };
}

/** What an analyst sees: the administrators' pages are not listed at all. */
const expectedGroups = [
  ['Command Center', ['Dashboard', 'Unified Intelligence', 'Executive Briefing']],
  [
    'Threat Intelligence',
    ['Threat Intelligence Hub', 'Cases', 'Live CVE Feed', 'Enhanced CTI', 'Threat Hunting'],
  ],
  [
    'Monitoring & Protection',
    [
      'Dark Web Monitoring',
      'Brand Protection',
      'IOC Intelligence',
      'External Assets',
      'Third-Party Intelligence',
    ],
  ],
  ['Platform Systems', ['Network Monitoring', 'Global Threat Feed', 'Threat Analytics']],
] as const;
const ADMIN_PAGES = ['User Management', 'System Configuration', 'Admin Dashboard'];

// Chakra's full sidebar in jsdom takes seconds per render on the shared 2-core machines.
const RENDER_HEAVY_TIMEOUT_MS = 20_000;

describe('Sidebar', { timeout: RENDER_HEAVY_TIMEOUT_MS }, () => {
  it('shows the four groups in order, titled without classification markings, links in the spec order', () => {
    renderSidebar();
    const nav = screen.getByRole('navigation', { name: 'Platform navigation' });
    const toggles = within(nav).getAllByRole('button');
    // Government classification words would clash with the TLP markings the platform uses.
    expect(toggles.map((button) => button.textContent)).toEqual(expectedGroups.map(([title]) => title));
    expect(nav).not.toHaveTextContent(/UNCLASSIFIED|CONFIDENTIAL|SECRET/i);
    for (const [title, items] of expectedGroups) {
      const region = within(nav).getByRole('region', { name: title });
      const links = within(region).getAllByRole('link');
      expect(links.map((link) => link.textContent?.replace(/\d+$/, ''))).toEqual(items);
    }
  });

  it('links to the platform routes, marks the current page and shows the badge', () => {
    renderSidebar();
    expect(screen.getByRole('link', { name: 'Third-Party Intelligence' })).toHaveAttribute(
      'href',
      platformPath('socradarIntelligence'),
    );
    expect(screen.getByRole('link', { name: 'Live CVE Feed' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: /Threat Intelligence Hub/ })).toHaveTextContent('7');
  });

  it('starts with every group expanded and toggles each one on its own', async () => {
    const user = userEvent.setup();
    renderSidebar();
    const groupButton = screen.getByRole('button', { name: /^Threat Intelligence/ });
    for (const button of screen.getAllByRole('button', { expanded: true })) expect(button).toBeVisible();
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(4);

    await user.click(groupButton);
    expect(groupButton).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Live CVE Feed' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await user.click(groupButton);
    expect(groupButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Live CVE Feed' })).toBeVisible();
  });

  it('shows the fixed SECURE tile', () => {
    renderSidebar();
    expect(screen.getByTestId('secure-status-tile')).toHaveTextContent('SECURE');
  });

  it('is 16 rem wide, and collapses to a 3 rem icon rail that keeps link names', async () => {
    const { store } = renderSidebar();
    const aside = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(aside.style.width).toBe(`${SIDEBAR.widthRem}rem`);

    store.dispatch(sidebarToggled());
    expect(await screen.findByRole('complementary', { name: 'Sidebar' })).toHaveAttribute(
      'data-state',
      'collapsed',
    );
    expect(aside.style.width).toBe(`${SIDEBAR.collapsedWidthRem}rem`);
    // Group headings give way to icons; every link is still there under its name.
    expect(screen.queryByRole('button', { name: /^Command Center/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Executive Briefing' })).toBeInTheDocument();
    expect(screen.getByText('SECURE')).toBeInTheDocument();
  });

  it('signs out from the Profile menu', async () => {
    const user = userEvent.setup();
    const { onSignOut } = renderSidebar();
    screen.getByRole('button', { name: 'Profile' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Your profile', 'Sign Out']);
    await waitFor(() => expect(items[0]).toHaveAttribute('data-highlighted'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(items[1]).toHaveAttribute('data-highlighted'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSignOut).toHaveBeenCalledTimes(1));
  });

  it('names who is signed in and leads to the profile page', async () => {
    const user = userEvent.setup();
    const { router } = renderSidebar();
    screen.getByRole('button', { name: 'Profile' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Signed in asanalyst@cti.local');
    const profile = within(menu).getByRole('menuitem', { name: 'Your profile' });
    await waitFor(() => expect(profile).toHaveAttribute('data-highlighted'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(platformPath('profile')));
  });

  it('lists the administrators’ pages to admins only, after the rest of Platform Systems', () => {
    renderSidebar();
    for (const name of ADMIN_PAGES) expect(screen.queryByRole('link', { name })).toBeNull();
    cleanup();
    renderSidebar({ isAdmin: true });
    const region = screen.getByRole('region', { name: 'Platform Systems' });
    const links = within(region).getAllByRole('link');
    expect(links.slice(-3).map((link) => link.textContent)).toEqual(ADMIN_PAGES);
    expect(links.at(-1)).toHaveAttribute('href', platformPath('admin'));
    expect(links.at(-3)).toHaveAttribute('href', platformPath('userManagement'));
  });
});
