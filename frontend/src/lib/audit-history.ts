/**
 * The audit rows about one target (a user, a setting…), newest first, at most 50: who changed it,
 * when, from what to what. The trail is readable by admins with verified MFA; RLS decides.
 */
import { supabase } from './supabase';

export interface TargetChange {
  id: number;
  occurred_at: string;
  actor_email: string | null;
  actor_role: string;
  action: string;
  details: unknown;
}

export async function getTargetHistory(
  targetTypes: readonly string[],
  targetId: string,
  signal?: AbortSignal,
): Promise<TargetChange[]> {
  let query = supabase()
    .from('audit_trail')
    .select('id, occurred_at, actor_email, actor_role, action, details')
    .in('target_type', [...targetTypes])
    .eq('target_id', targetId)
    .order('occurred_at', { ascending: false })
    .limit(50);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}
