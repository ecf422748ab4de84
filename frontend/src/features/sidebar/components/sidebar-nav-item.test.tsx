import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LuShield } from 'react-icons/lu';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { SidebarNavItem } from './sidebar-nav-item';

function renderItem(prefetch?: () => void) {
  const item = {
    key: 'iocIntelligence',
    to: '/platform/ioc-intelligence',
    label: 'IOC Intelligence',
    icon: LuShield,
    prefetch,
  };
  const router = createMemoryRouter([
    { path: '*', element: <SidebarNavItem item={item} collapsed={false} /> },
  ]);
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return screen.getByRole('link', { name: 'IOC Intelligence' });
}

afterEach(cleanup);

describe('SidebarNavItem', () => {
  it('asks its page to prefetch when the link is hovered or focused', () => {
    const prefetch = vi.fn();
    const link = renderItem(prefetch);
    fireEvent.pointerEnter(link);
    expect(prefetch).toHaveBeenCalledTimes(1);
    fireEvent.focus(link);
    expect(prefetch).toHaveBeenCalledTimes(2);
  });

  it('is an ordinary link when its page has nothing to prefetch', () => {
    const link = renderItem();
    fireEvent.pointerEnter(link);
    fireEvent.focus(link);
    expect(link).toHaveAttribute('href', '/platform/ioc-intelligence');
  });
});
