/** The saved hunts everyone can read, newest first; their texts (up to 10 MB each) stay on the server. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { huntKeys } from './keys';

const COLUMNS = 'id, name, value_count, last_run_at, last_matched, created_by, updated_at';
export const SAVED_HUNTS_SHOWN = 200;

export async function getHunts() {
  const { data, error } = await supabase()
    .from('hunts')
    .select(COLUMNS)
    .order('updated_at', { ascending: false })
    .limit(SAVED_HUNTS_SHOWN);
  if (error) throw new Error(error.message);
  return data;
}

export type SavedHunt = Awaited<ReturnType<typeof getHunts>>[number];

export function getHuntsQueryOptions() {
  return queryOptions({ queryKey: huntKeys.lists(), queryFn: getHunts });
}

export function useHunts() {
  return useQuery(getHuntsQueryOptions());
}
