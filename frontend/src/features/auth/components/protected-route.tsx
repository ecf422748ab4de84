/**
 * The sign-in guard (SPEC §2, §4): loader while auth is settling, /auth (history replaced, original location
 * passed along) without a session, the "Choose your password" step after a one-time password, the
 * authenticator code (a verified factor, session at aal1) or enrolment (two-factor required for
 * everyone), and for admin-only screens the admin two-factor step or the admin notice.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { publicPaths } from '@/config/paths';
import { useAppSelector } from '@/app/store/hooks';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useSecondFactorStep } from '@/features/auth/hooks/use-second-factor-step';
import { selectMustChoosePassword } from '@/features/auth/state/auth-slice';
import type { ReturnLocationState } from '@/features/auth/utils/return-location';
import { AdminNotice } from './admin-notice';

// The QR code encoder is only for an admin enrolling a second factor: nobody else downloads it. The
// code form likewise loads only for an admin asked for a code, not with the public pages.
const MfaSetup = lazy(() => import('./mfa/mfa-setup').then((m) => ({ default: m.MfaSetup })));
const MfaVerify = lazy(() => import('./mfa/mfa-verify').then((m) => ({ default: m.MfaVerify })));
const SecondFactorScreen = lazy(() =>
  import('./factors/second-factor-screen').then((m) => ({ default: m.SecondFactorScreen })),
);
const ChoosePassword = lazy(() => import('./choose-password').then((m) => ({ default: m.ChoosePassword })));

export function ProtectedRoute({
  children,
  adminOnly = false,
}: {
  children: ReactNode;
  adminOnly?: boolean;
}) {
  const { user, session, loading, adminValidation } = useAuth();
  const mustChoosePassword = useAppSelector(selectMustChoosePassword);
  const location = useLocation();
  // Not asked for a token awaiting a new password: the server refuses it everywhere else.
  const factorStep = useSecondFactorStep(mustChoosePassword ? null : session, adminValidation);

  if (loading) return <FullScreenLoader label="Verifying access..." />;
  if (!user || !session) {
    const state: ReturnLocationState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={publicPaths.auth} replace state={state} />;
  }
  if (mustChoosePassword)
    return (
      <Suspense fallback={<FullScreenLoader label="Verifying access..." />}>
        <ChoosePassword />
      </Suspense>
    );
  if (factorStep === 'checking') return <FullScreenLoader label="Verifying access..." />;
  if (factorStep !== 'none')
    return (
      <Suspense fallback={<FullScreenLoader label="Verifying access..." />}>
        <SecondFactorScreen step={factorStep} />
      </Suspense>
    );
  if (adminOnly) {
    if (!adminValidation) return <FullScreenLoader label="Verifying access..." />;
    if (!adminValidation.authorized) {
      if (adminValidation.reason === 'mfa_setup_required')
        return (
          <Suspense fallback={<FullScreenLoader label="Verifying access..." />}>
            <MfaSetup />
          </Suspense>
        );
      if (adminValidation.reason === 'mfa_required')
        return (
          <Suspense fallback={<FullScreenLoader label="Verifying access..." />}>
            <MfaVerify />
          </Suspense>
        );
      return <AdminNotice />;
    }
  }
  return <>{children}</>;
}
