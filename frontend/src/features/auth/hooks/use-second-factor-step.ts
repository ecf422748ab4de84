/**
 * What the sign-in guard asks of this session before the platform: nothing, the code of the user's
 * authenticator app (a verified factor and a session still at aal1), or enrolment (System
 * Configuration requires two-factor and the user has none). Asked once per session token: verifying
 * a code brings a new token, and with it a new answer. An admin already verified through the admin
 * TOTP meets the requirement (the database counts it too).
 */
import { useQuery } from '@tanstack/react-query';
import { getAssurance } from '@/features/auth/api/get-assurance-level';
import { factorKeys } from '@/features/auth/api/list-factors';
import type { AdminValidation, AuthSession } from '@/features/auth/state/auth-slice';

export type SecondFactorStep = 'checking' | 'none' | 'code' | 'enrol';

export function secondFactorStep(
  answer: { currentLevel: string | null; nextLevel: string | null; required: boolean },
  adminVerified: boolean,
): Exclude<SecondFactorStep, 'checking'> {
  if (answer.currentLevel === 'aal2') return 'none';
  if (answer.nextLevel === 'aal2') return 'code';
  return answer.required && !adminVerified ? 'enrol' : 'none';
}

export function useSecondFactorStep(
  session: AuthSession | null,
  adminValidation: AdminValidation | null,
): SecondFactorStep {
  const query = useQuery({
    queryKey: factorKeys.step(session?.userId ?? '', session?.expiresAt ?? null),
    queryFn: getAssurance,
    enabled: session !== null,
    staleTime: Infinity,
    retry: 1,
  });
  if (!session) return 'none';
  // Unanswerable (offline, misconfigured): the database still enforces the requirement.
  if (query.isError) return 'none';
  if (!query.data) return 'checking';
  return secondFactorStep(query.data, adminValidation?.authorized === true);
}
