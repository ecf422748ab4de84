import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { platformPath } from '@/config/paths';
import {
  answerAdminValidation,
  answerRpc,
  fakeAuth,
  makeSession,
  resetFakeSupabase,
  setInitialSession,
} from '@/testing/fake-supabase';
import { renderApp } from '@/testing/render-app';
import { secondFactorStep } from './use-second-factor-step';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);
vi.mock('@/app/layouts/platform-shell', async () => {
  const { Outlet } = await import('react-router');
  return { PlatformShell: () => <Outlet /> };
});

describe('secondFactorStep', () => {
  const at = (currentLevel: string, nextLevel: string, required = false) => ({
    currentLevel,
    nextLevel,
    required,
  });
  it('asks nothing of an aal2 session or of a user without a factor when nothing is required', () => {
    expect(secondFactorStep(at('aal2', 'aal2', true), false)).toBe('none');
    expect(secondFactorStep(at('aal1', 'aal1'), false)).toBe('none');
  });
  it('asks for the code when the user has a verified factor and the session is aal1', () => {
    expect(secondFactorStep(at('aal1', 'aal2'), false)).toBe('code');
    expect(secondFactorStep(at('aal1', 'aal2', true), true)).toBe('code');
  });
  it('sends a user without a factor to enrolment when two-factor is required, unless the admin TOTP passed', () => {
    expect(secondFactorStep(at('aal1', 'aal1', true), false)).toBe('enrol');
    expect(secondFactorStep(at('aal1', 'aal1', true), true)).toBe('none');
  });
});

describe('the sign-in guard and the second factor', () => {
  beforeEach(() => {
    resetFakeSupabase();
    answerAdminValidation(false, 'not_admin');
    setInitialSession(makeSession());
  });

  it('asks a user with a verified factor for the code before the platform', async () => {
    fakeAuth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: 'aal1', nextLevel: 'aal2', currentAuthenticationMethods: [] },
      error: null,
    } as never);
    const verified = { id: 'f-1', factor_type: 'totp', status: 'verified', created_at: '', updated_at: '' };
    fakeAuth.mfa.listFactors.mockResolvedValue({
      data: { all: [verified], totp: [verified], phone: [], webauthn: [] },
      error: null,
    } as never);
    fakeAuth.mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
    const { user } = renderApp(platformPath('profile'));
    expect(await screen.findByRole('heading', { name: 'Two-factor verification' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(fakeAuth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'f-1', code: '123456' }),
    );
  });

  it('sends a user without a factor to enrolment when System Configuration requires it', async () => {
    answerRpc('mfa_required', () => ({ data: true, error: null }));
    renderApp(platformPath('profile'));
    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor authentication' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/requires an authenticator app/)).toBeInTheDocument();
  });

  it('lets a user without a factor in when nothing is required', async () => {
    renderApp(platformPath('profile'));
    await waitFor(() => expect(fakeAuth.mfa.getAuthenticatorAssuranceLevel).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Two-factor verification' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Set up two-factor authentication' }),
    ).not.toBeInTheDocument();
  });
});
