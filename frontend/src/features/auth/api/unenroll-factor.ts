/** Removes a factor (supabase-js `auth.mfa.unenroll`); a verified one needs this session at aal2. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backend } from '@/lib/backend';
import { factorKeys } from './list-factors';
import { throwMfaError } from './mfa-error-message';

export async function unenrollFactor(factorId: string): Promise<void> {
  const client = await backend();
  const { error } = await client.auth.mfa.unenroll({ factorId });
  throwMfaError(error);
  // The session drops to aal1 on the server; a refresh brings the JWT and its user up to date.
  await client.auth.refreshSession();
}

export function useUnenrollFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unenrollFactor,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorKeys.all }),
  });
}
