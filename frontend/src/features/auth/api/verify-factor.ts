/**
 * A code from the authenticator app (supabase-js `auth.mfa.challengeAndVerify`): the first one
 * verifies a new factor; each one raises this session to aal2, and supabase-js stores the new session.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backend } from '@/lib/backend';
import { factorKeys } from './list-factors';
import { throwMfaError } from './mfa-error-message';

export async function verifyFactor({ factorId, code }: { factorId: string; code: string }): Promise<void> {
  const { error } = await (await backend()).auth.mfa.challengeAndVerify({ factorId, code });
  throwMfaError(error);
}

export function useVerifyFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyFactor,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorKeys.all }),
  });
}
