/** One page of users with role, second-factor state, last sign-in and disabled flag (`admin_list_users`). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { SEARCH_LIMITS } from '@/config/constants';
import { checkedSearchText } from '@/lib/search-text';
import { supabase } from '@/lib/supabase';
import { userKeys } from './keys';

type GeneratedRow = Database['public']['Functions']['admin_list_users']['Returns'][number];

export type MfaStatus = 'none' | 'pending' | 'active';

export type UserRow = Omit<GeneratedRow, 'last_sign_in_at' | 'mfa_status'> & {
  /** Null for a user who never signed in. */
  last_sign_in_at: string | null;
  mfa_status: MfaStatus;
};

export const USERS_PAGE_SIZE = 50;

export async function listUsers(search: string, page: number, signal?: AbortSignal): Promise<UserRow[]> {
  let query = supabase().rpc('admin_list_users', {
    _search: checkedSearchText(search, SEARCH_LIMITS.users),
    _limit: USERS_PAGE_SIZE,
    _offset: page * USERS_PAGE_SIZE,
  });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as UserRow[];
}

export function listUsersQueryOptions(search: string, page: number) {
  return queryOptions({
    queryKey: userKeys.list(search, page),
    queryFn: ({ signal }) => listUsers(search, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(search: string, page: number) {
  return useQuery(listUsersQueryOptions(search, page));
}
