/** The signed-in user's own account (`my_account`): name, admin role, second factor, backup codes left. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { profileKeys } from './keys';

type GeneratedRow = Database['public']['Functions']['my_account']['Returns'][number];

export type MfaStatus = 'none' | 'pending' | 'active';

export type MyAccount = Omit<GeneratedRow, 'mfa_status' | 'mfa_locked_until' | 'last_sign_in_at'> & {
  mfa_status: MfaStatus;
  mfa_locked_until: string | null;
  last_sign_in_at: string | null;
};

export async function getMyAccount(signal?: AbortSignal): Promise<MyAccount> {
  let query = supabase().rpc('my_account');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  const row = data[0];
  if (!row) throw new Error('Your account could not be found.');
  return row as MyAccount;
}

export function getMyAccountQueryOptions() {
  return queryOptions({ queryKey: profileKeys.account(), queryFn: ({ signal }) => getMyAccount(signal) });
}

export function useMyAccount() {
  return useQuery(getMyAccountQueryOptions());
}
