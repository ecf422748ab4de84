/** The auth context of SPEC §3: state from the store and the actions bound to it. */
import { useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/store/hooks';
import {
  selectAdminValidation,
  selectAuthLoading,
  selectSession,
  selectUser,
} from '@/features/auth/state/auth-slice';
import {
  refreshAuth,
  requireMfaSetup,
  signOut,
  validateAdmin,
  verifyMfa,
} from '@/features/auth/state/auth-thunks';

export function useAuth() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const session = useAppSelector(selectSession);
  const loading = useAppSelector(selectAuthLoading);
  const adminValidation = useAppSelector(selectAdminValidation);

  const actions = useMemo(
    () => ({
      signOut: () => dispatch(signOut('user')),
      refreshAuth: () => dispatch(refreshAuth()),
      validateAdmin: () => dispatch(validateAdmin()),
      requireMfaSetup: (secret: string) => dispatch(requireMfaSetup(secret)),
      /** true when the code was accepted (SPEC §8: a failed verification answers false). */
      verifyMfa: async (code: string) => (await dispatch(verifyMfa(code))).success,
    }),
    [dispatch],
  );

  return { user, session, loading, adminValidation, ...actions };
}
