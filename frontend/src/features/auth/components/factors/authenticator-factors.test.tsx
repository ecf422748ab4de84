import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { fakeAuth, resetFakeSupabase } from '@/testing/fake-supabase';
import { AuthenticatorFactors } from './authenticator-factors';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const HOSTILE = '<img src=x onerror="alert(1)">';
const QR = 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"></svg>';

function factor(id: string, status: 'verified' | 'unverified', name = 'Pixel') {
  return {
    id,
    friendly_name: name,
    factor_type: 'totp',
    status,
    created_at: '2026-11-27T10:00:00Z',
    updated_at: '2026-11-27T10:00:00Z',
  };
}

function answerFactors(...factors: ReturnType<typeof factor>[]) {
  fakeAuth.mfa.listFactors.mockResolvedValue({
    data: { all: factors, totp: factors.filter((f) => f.status === 'verified'), phone: [], webauthn: [] },
    error: null,
  } as never);
}

function answerLevel(currentLevel: string) {
  fakeAuth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
    data: { currentLevel, nextLevel: 'aal2', currentAuthenticationMethods: [] },
    error: null,
  } as never);
}

function answerEnrolment() {
  fakeAuth.mfa.enroll.mockResolvedValue({
    data: {
      id: 'f-1',
      type: 'totp',
      friendly_name: 'Pixel',
      totp: { qr_code: QR, secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' },
    },
    error: null,
  });
}

function renderCard() {
  render(
    <AppProvider store={makeStore()}>
      <AuthenticatorFactors />
    </AppProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  resetFakeSupabase();
  answerFactors();
});

describe('AuthenticatorFactors (Profile two-factor card)', () => {
  it('enrols an app: the QR code as an image, the key once, then the first code verifies it', async () => {
    answerEnrolment();
    fakeAuth.mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
    const user = renderCard();
    expect(await screen.findByText(/No authenticator app yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an authenticator app' }));
    const name = screen.getByLabelText('Name of this authenticator');
    await user.clear(name);
    await user.type(name, 'Pixel');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', QR);
    expect(screen.getByTestId('factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(fakeAuth.mfa.enroll).toHaveBeenCalledWith(
      expect.objectContaining({ factorType: 'totp', friendlyName: 'Pixel' }),
    );
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    await waitFor(() =>
      expect(fakeAuth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'f-1', code: '123456' }),
    );
    await waitFor(() => expect(screen.queryByTestId('factor-enrolment')).not.toBeInTheDocument());
  });

  it('explains a refused code in words and keeps the enrolment open', async () => {
    answerEnrolment();
    fakeAuth.mfa.challengeAndVerify.mockResolvedValue({
      data: null,
      error: { code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' },
    });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Add an authenticator app' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText(/That code is not right, or it was already used/)).toBeInTheDocument();
    expect(screen.getByTestId('factor-enrolment')).toBeInTheDocument();
  });

  it('refuses a code that is not six digits without asking the server', async () => {
    answerEnrolment();
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Add an authenticator app' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Authentication code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(fakeAuth.mfa.challengeAndVerify).not.toHaveBeenCalled();
  });

  it('lists the apps with their names as text, never markup', async () => {
    answerFactors(factor('f-1', 'verified', HOSTILE), factor('f-2', 'unverified'));
    renderCard();
    expect(await screen.findByText(HOSTILE)).toBeInTheDocument();
    expect(screen.getAllByTestId('factor-row')).toHaveLength(2);
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('removes an unverified app at once', async () => {
    answerFactors(factor('f-2', 'unverified'));
    fakeAuth.mfa.unenroll.mockResolvedValue({ data: { id: 'f-2' }, error: null });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fakeAuth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'f-2' }));
  });

  it('asks for a current code before removing a verified app from an aal1 session', async () => {
    answerFactors(factor('f-1', 'verified'));
    answerLevel('aal1');
    fakeAuth.mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
    fakeAuth.mfa.unenroll.mockResolvedValue({ data: { id: 'f-1' }, error: null });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/Enter a current code from/)).toBeInTheDocument();
    expect(fakeAuth.mfa.unenroll).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and remove' }));
    await waitFor(() => expect(fakeAuth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'f-1' }));
    expect(fakeAuth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'f-1', code: '654321' });
  });

  it('removes a verified app at once from an aal2 session', async () => {
    answerFactors(factor('f-1', 'verified'));
    answerLevel('aal2');
    fakeAuth.mfa.unenroll.mockResolvedValue({ data: { id: 'f-1' }, error: null });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fakeAuth.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'f-1' }));
    expect(fakeAuth.mfa.challengeAndVerify).not.toHaveBeenCalled();
  });
});
