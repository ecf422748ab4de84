/** The caller's own sessions (`my_sessions`), the one of this browser marked. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { profileKeys } from './keys';

type GeneratedRow = Database['public']['Functions']['my_sessions']['Returns'][number];

export type MySession = Omit<GeneratedRow, 'refreshed_at' | 'user_agent' | 'ip'> & {
  refreshed_at: string | null;
  user_agent: string | null;
  ip: string | null;
};

export async function getMySessions(signal?: AbortSignal): Promise<MySession[]> {
  let query = supabase().rpc('my_sessions');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as MySession[];
}

export function getMySessionsQueryOptions() {
  return queryOptions({ queryKey: profileKeys.sessions(), queryFn: ({ signal }) => getMySessions(signal) });
}

export function useMySessions() {
  return useQuery(getMySessionsQueryOptions());
}
