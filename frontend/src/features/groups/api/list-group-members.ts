/** A group's members with their e-mail and name (`list_group_members`, administrators). */
import { useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { groupKeys } from './keys';

export type GroupMember = Database['public']['Functions']['list_group_members']['Returns'][number];

export async function listGroupMembers(groupId: string, signal?: AbortSignal): Promise<GroupMember[]> {
  let query = supabase().rpc('list_group_members', { _group_id: groupId });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export function useGroupMembers(groupId: string) {
  return useQuery({
    queryKey: groupKeys.members(groupId),
    queryFn: ({ signal }) => listGroupMembers(groupId, signal),
  });
}
