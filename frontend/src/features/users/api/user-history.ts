/** The audit rows about one user, newest first (the trail is readable by admins with verified MFA). */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { userKeys } from './keys';

export interface AuditRow {
  id: number;
  occurred_at: string;
  actor_email: string | null;
  actor_role: string;
  action: string;
  details: unknown;
}

export async function getUserHistory(userId: string, signal?: AbortSignal): Promise<AuditRow[]> {
  let query = supabase()
    .from('audit_trail')
    .select('id, occurred_at, actor_email, actor_role, action, details')
    .in('target_type', ['user', 'user_role'])
    .eq('target_id', userId)
    .order('occurred_at', { ascending: false })
    .limit(50);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export function useUserHistory(userId: string) {
  return useQuery({
    queryKey: userKeys.history(userId),
    queryFn: ({ signal }) => getUserHistory(userId, signal),
  });
}
