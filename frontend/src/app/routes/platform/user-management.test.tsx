import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { platformPath } from '@/config/paths';
import { makeQueryClient } from '@/lib/query-client';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { pageDefinition } from './pages';
import UserManagementPage from './user-management';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualised table draws rows.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

const HOSTILE = '<img src=x onerror=alert(1)>';
const ME = '00000000-0000-4000-a000-00000000000a';
const OTHER = '00000000-0000-4000-a000-00000000000b';

const user = (fields: Record<string, unknown>) => ({
  display_name: '',
  role: 'analyst',
  mfa_status: 'none',
  backup_codes_left: 0,
  last_sign_in_at: null,
  created_at: '2026-11-01T10:00:00Z',
  disabled: false,
  active_sessions: 1,
  is_self: false,
  total_count: 2,
  ...fields,
});

const USERS = [
  user({ id: ME, email: 'me@cti.local', role: 'admin', mfa_status: 'active', is_self: true }),
  user({ id: OTHER, email: 'other@cti.local', display_name: HOSTILE }),
];

const invoke = vi.fn();

function renderPage(path = platformPath('userManagement')) {
  const router = createMemoryRouter(
    [
      {
        path: platformPath('userManagement'),
        element: <UserManagementPage definition={pageDefinition('userManagement')} />,
      },
    ],
    { initialEntries: [path] },
  );
  const store = makeStore({
    auth: {
      user: { id: ME, email: 'me@cti.local' },
      session: { userId: ME, expiresAt: null },
      loading: false,
      adminValidation: { authorized: true, reason: null },
    },
  });
  render(
    <AppProvider store={store} queryClient={makeQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user: userEvent.setup(), router };
}

beforeEach(() => {
  resetFakeSupabase();
  invoke.mockReset();
  Object.assign(fakeSupabase, { functions: { invoke } });
  answerRpc('admin_list_users', () => ({ data: USERS, error: null }));
});

describe('User Management', () => {
  it('lists users with role, second factor and state, names as text', async () => {
    renderPage();
    const grid = await screen.findByRole('grid', { name: 'Users' });
    expect(await within(grid).findByText('me@cti.local (you)')).toBeInTheDocument();
    expect(within(grid).getByText(HOSTILE)).toBeInTheDocument();
    expect(within(grid).getByText('Not required')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(fakeSupabase.rpc).toHaveBeenCalledWith('admin_list_users', {
      _search: '',
      _limit: 50,
      _offset: 0,
    });
  });

  it('offers no action on oneself', async () => {
    renderPage(`${platformPath('userManagement')}?user=${ME}`);
    const drawer = await screen.findByRole('dialog', { name: 'me@cti.local' });
    expect(within(drawer).getByText(/This is your own account/)).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Disable account' })).toBeNull();
  });

  it('disables through the edge function after a confirmation, and shows a refusal in the server words', async () => {
    invoke.mockResolvedValueOnce({ data: { user: { id: OTHER, disabled: true } }, error: null });
    const { user: actor } = renderPage(`${platformPath('userManagement')}?user=${OTHER}`);
    const drawer = await screen.findByRole('dialog', { name: 'other@cti.local' });
    await actor.click(within(drawer).getByRole('button', { name: 'Disable account' }));
    const confirm = await screen.findByRole('alertdialog');
    await actor.click(within(confirm).getByRole('button', { name: 'Disable account' }));
    await waitFor(() =>
      expect(invoke).toHaveBeenCalledWith('admin-users', { body: { action: 'disable', user_id: OTHER } }),
    );

    answerRpc('admin_set_user_role', () => ({
      data: null,
      error: { message: 'At least one enabled administrator must remain' },
    }));
    await actor.click(within(drawer).getByRole('button', { name: 'Make administrator' }));
    const second = await screen.findByRole('alertdialog');
    await actor.click(within(second).getByRole('button', { name: 'Make administrator' }));
    expect(await within(second).findByRole('alert')).toHaveTextContent(
      'At least one enabled administrator must remain',
    );
  });

  it('resets a password after a confirmation and shows the new one-time password once', async () => {
    invoke.mockResolvedValueOnce({
      data: { user: { id: OTHER }, one_time_password: 'Zyxwvutsrq9876543210' },
      error: null,
    });
    const { user: actor } = renderPage(`${platformPath('userManagement')}?user=${OTHER}`);
    const drawer = await screen.findByRole('dialog', { name: 'other@cti.local' });
    await actor.click(within(drawer).getByRole('button', { name: 'Reset password' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/every session ends/)).toBeInTheDocument();
    await actor.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    expect(await within(drawer).findByText('Zyxwvutsrq9876543210')).toBeInTheDocument();
    expect(within(drawer).getByText(/choose their own password when they first sign in/)).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('admin-users', {
      body: { action: 'reset_password', user_id: OTHER },
    });
    await actor.click(within(drawer).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Zyxwvutsrq9876543210')).toBeNull());
  });

  it('creates an account and shows its one-time password once', async () => {
    invoke.mockResolvedValueOnce({
      data: { user: { id: 'new' }, one_time_password: 'Abcdefghij0123456789' },
      error: null,
    });
    const { user: actor } = renderPage();
    await actor.click(await screen.findByRole('button', { name: 'Create account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an account' });
    await actor.type(within(dialog).getByLabelText(/Email/), 'new@cti.local');
    await actor.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Abcdefghij0123456789')).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('admin-users', {
      body: { action: 'create', email: 'new@cti.local', role: 'analyst', display_name: undefined },
    });
    await actor.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Abcdefghij0123456789')).toBeNull());
    await actor.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('dialog', { name: 'Create an account' })).toBeInTheDocument();
    expect(screen.queryByText('Abcdefghij0123456789')).toBeNull();
  });
});
