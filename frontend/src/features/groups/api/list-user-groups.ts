/** The ids of the groups a user belongs to (group_members; administrators read every user's). */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { groupKeys } from './keys';

export async function listUserGroupIds(userId: string, signal?: AbortSignal): Promise<string[]> {
  let query = supabase().from('group_members').select('group_id').eq('user_id', userId);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data.map((row) => row.group_id);
}

export function useUserGroupIds(userId: string) {
  return useQuery({
    queryKey: groupKeys.ofUser(userId),
    queryFn: ({ signal }) => listUserGroupIds(userId, signal),
  });
}
