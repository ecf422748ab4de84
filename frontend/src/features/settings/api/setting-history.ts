/** The audit rows of one setting, newest first: who changed it, when, from what to what. */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { settingKeys } from './keys';

export interface SettingChange {
  id: number;
  occurred_at: string;
  actor_email: string | null;
  actor_role: string;
  action: string;
  details: unknown;
}

export async function getSettingHistory(key: string, signal?: AbortSignal): Promise<SettingChange[]> {
  let query = supabase()
    .from('audit_trail')
    .select('id, occurred_at, actor_email, actor_role, action, details')
    .eq('target_type', 'setting')
    .eq('target_id', key)
    .order('occurred_at', { ascending: false })
    .limit(50);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export function useSettingHistory(key: string) {
  return useQuery({
    queryKey: settingKeys.history(key),
    queryFn: ({ signal }) => getSettingHistory(key, signal),
  });
}
