/** The caller's MFA factors (supabase-js `auth.mfa.listFactors`: GET /user's `factors`, every status). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Factor } from '@supabase/supabase-js';
import { backend } from '@/lib/backend';
import { throwMfaError } from './mfa-error-message';

export const factorKeys = {
  all: ['auth', 'factors'] as const,
  list: () => [...factorKeys.all, 'list'] as const,
  step: (userId: string, expiresAt: number | null) => [...factorKeys.all, 'step', userId, expiresAt] as const,
};

export async function listFactors(): Promise<Factor[]> {
  const { data, error } = await (await backend()).auth.mfa.listFactors();
  throwMfaError(error);
  return data?.all ?? [];
}

export function useFactors() {
  return useQuery(queryOptions({ queryKey: factorKeys.list(), queryFn: listFactors }));
}
