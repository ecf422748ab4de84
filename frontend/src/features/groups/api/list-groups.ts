/** Every group with its TLP ceiling and member count (`list_groups`; administrators read all). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { groupKeys } from './keys';

export type Group = Database['public']['Functions']['list_groups']['Returns'][number];

export async function listGroups(signal?: AbortSignal): Promise<Group[]> {
  let query = supabase().rpc('list_groups');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export const groupsQueryOptions = () =>
  queryOptions({ queryKey: groupKeys.list(), queryFn: ({ signal }) => listGroups(signal) });

export function useGroups() {
  return useQuery(groupsQueryOptions());
}
