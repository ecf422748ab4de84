import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '@/components/ui/toast';
import { TOTP } from '@/config/constants';
import { platformPath } from '@/config/paths';
import {
  answerAdminValidation,
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

const BACKUP_CODES = Array.from({ length: 10 }, (_, i) => `ABCD${'234567ABCD'[i]}-EFGH${'234567ABCD'[i]}`);

function rpcArgs(name: string): Record<string, string> {
  const call = fakeSupabase.rpc.mock.calls.find(([called]) => called === name);
  return call?.[1] as Record<string, string>;
}

beforeEach(() => {
  resetFakeSupabase();
  toaster.remove();
  setInitialSession(makeSession({ email: 'admin@cti.local' }));
});

describe('admin two-factor setup', () => {
  it('enrols with a fresh secret, shows QR, URI and backup codes once, then activates with a first code', async () => {
    let authorized = false;
    answerRpc('validate_admin_access', () => ({
      data: authorized
        ? { authorized: true, reason: null }
        : { authorized: false, reason: 'mfa_setup_required' },
      error: null,
    }));
    answerRpc('setup_admin_totp', () => ({
      data: { success: true, backup_codes: BACKUP_CODES },
      error: null,
    }));
    answerRpc('verify_admin_totp', () => {
      authorized = true;
      return { data: { success: true, backup_code_used: false, remaining_backup_codes: 10 }, error: null };
    });
    const { user } = renderApp(platformPath('admin'));

    await user.click(await screen.findByRole('button', { name: 'Start setup' }));

    const { _secret: secret, _verification_code: placeholder } = rpcArgs('setup_admin_totp');
    expect(secret).toMatch(new RegExp(`^[A-Z2-7]{${TOTP.secretLength}}$`));
    expect(placeholder).toBe('000000');
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('otpauth-uri')).toHaveTextContent(
      `otpauth://totp/Quantum%20Intelligence%20Platform:admin%40cti.local?secret=${secret}&issuer=Quantum%20Intelligence%20Platform&algorithm=SHA1&digits=6&period=30`,
    );
    const list = screen.getByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(BACKUP_CODES);

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Activate' }));

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(rpcArgs('verify_admin_totp')).toEqual({ _code: '123456' });
    expect(screen.queryByText(BACKUP_CODES[0]!)).not.toBeInTheDocument();
  });

  it("shows 'MFA setup failed: {message}' when the backend refuses", async () => {
    answerAdminValidation(false, 'mfa_setup_required');
    answerRpc('setup_admin_totp', () => ({ data: null, error: { message: 'Invalid TOTP secret' } }));
    const { user } = renderApp(platformPath('admin'));
    await user.click(await screen.findByRole('button', { name: 'Start setup' }));
    expect(await screen.findByText('MFA setup failed: Invalid TOTP secret')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Backup codes' })).not.toBeInTheDocument();
  });

  it('copies and downloads the backup codes', async () => {
    answerAdminValidation(false, 'mfa_setup_required');
    answerRpc('setup_admin_totp', () => ({
      data: { success: true, backup_codes: BACKUP_CODES },
      error: null,
    }));
    const createObjectURL = vi.fn(() => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderApp(platformPath('admin'));
    await user.click(await screen.findByRole('button', { name: 'Start setup' }));
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(BACKUP_CODES.join('\n'));
    expect(await screen.findByText('Backup codes copied.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download .txt' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});

describe('admin two-factor verification', () => {
  it.each([
    ['invalid_code', 'That code is not valid.'],
    ['replayed', 'That code was already used.'],
    ['locked', 'Too many failed attempts. Two-factor verification is locked for 15 minutes.'],
  ])('explains %s and shows the remaining backup codes', async (reason, message) => {
    answerAdminValidation(false, 'mfa_required');
    answerRpc('verify_admin_totp', () => ({
      data: { success: false, backup_code_used: false, remaining_backup_codes: 7, reason },
      error: null,
    }));
    const { user } = renderApp(platformPath('admin'));
    await user.type(await screen.findByLabelText('Authentication or backup code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(new RegExp(message.replace(/[.]/g, '\\.')))).toBeInTheDocument();
    expect(screen.getByText('Backup codes remaining: 7')).toBeInTheDocument();
  });

  it('accepts a backup code, re-runs validation and tells how many remain', async () => {
    let authorized = false;
    answerRpc('validate_admin_access', () => ({
      data: authorized ? { authorized: true, reason: null } : { authorized: false, reason: 'mfa_required' },
      error: null,
    }));
    answerRpc('verify_admin_totp', () => {
      authorized = true;
      return { data: { success: true, backup_code_used: true, remaining_backup_codes: 9 }, error: null };
    });
    const { user } = renderApp(platformPath('userManagement'));
    await user.type(await screen.findByLabelText('Authentication or backup code'), 'abcde-fgh23');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(rpcArgs('verify_admin_totp')).toEqual({ _code: 'abcde-fgh23' });
    await waitFor(() =>
      expect(toaster.getVisibleToasts()[0]).toMatchObject({
        title: 'Backup code used',
        description: 'Backup codes remaining: 9.',
      }),
    );
  });

  it('rejects a malformed code without calling the backend', async () => {
    answerAdminValidation(false, 'mfa_required');
    const { user } = renderApp(platformPath('admin'));
    await user.type(await screen.findByLabelText('Authentication or backup code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/Enter the 6-digit code/)).toBeInTheDocument();
    expect(fakeSupabase.rpc).not.toHaveBeenCalledWith('verify_admin_totp', expect.anything());
  });
});
