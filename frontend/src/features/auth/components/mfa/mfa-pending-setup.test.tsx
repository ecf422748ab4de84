import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '@/components/ui/toast';
import { platformPath } from '@/config/paths';
import { formatDateTime } from '@/lib/format/format';
import {
  answerRpc,
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

const STARTED = '2026-11-27T09:12:00+00:00';
const BACKUP_CODES = Array.from({ length: 10 }, (_, i) => `ABCD${'234567ABCD'[i]}-EFGH${'234567ABCD'[i]}`);

/** The server's answer while an enrolment waits for its first code, until a code activates it. */
function answerPendingUntilVerified(pendingSince: unknown) {
  let authorized = false;
  answerRpc('validate_admin_access', () => ({
    data: authorized
      ? { authorized: true, reason: null }
      : { authorized: false, reason: 'mfa_setup_required', pending_since: pendingSince },
    error: null,
  }));
  answerRpc('verify_admin_totp', () => {
    authorized = true;
    return { data: { success: true, backup_code_used: false, remaining_backup_codes: 10 }, error: null };
  });
  answerRpc('setup_admin_totp', () => ({ data: { success: true, backup_codes: BACKUP_CODES }, error: null }));
}

const setupCalls = () => fakeSupabase.rpc.mock.calls.filter(([name]) => name === 'setup_admin_totp');

beforeEach(() => {
  resetFakeSupabase();
  toaster.remove();
  setInitialSession(makeSession({ email: 'admin@cti.local' }));
});

describe('returning to two-factor setup with an enrolment pending', () => {
  it('says when it was started and finishes it with a code from the app, replacing nothing', async () => {
    answerPendingUntilVerified(STARTED);
    const { user } = renderApp(platformPath('admin'));
    expect(
      await screen.findByText(`You started setting up an authenticator on ${formatDateTime(STARTED)}`, {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/the earlier key and backup codes stop working/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start setup' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Finish setup' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(setupCalls()).toHaveLength(0);
  });

  it('starts again with a new key only when asked to', async () => {
    answerPendingUntilVerified(STARTED);
    const { user } = renderApp(platformPath('admin'));
    await user.click(await screen.findByRole('button', { name: 'Start again with a new key' }));
    expect(await screen.findByRole('list', { name: 'Backup codes' })).toBeInTheDocument();
    expect(setupCalls()).toHaveLength(1);
    expect(screen.queryByText(/You started setting up an authenticator/)).not.toBeInTheDocument();
  });

  it('offers the ordinary start when the server names no pending enrolment or an unreadable time', async () => {
    answerPendingUntilVerified('not a time');
    renderApp(platformPath('admin'));
    expect(await screen.findByRole('button', { name: 'Start setup' })).toBeInTheDocument();
    expect(screen.queryByText(/You started setting up an authenticator/)).not.toBeInTheDocument();
  });
});
