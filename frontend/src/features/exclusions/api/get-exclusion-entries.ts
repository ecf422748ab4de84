/** One list's entries, newest first, with who added each and why. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { exclusionKeys } from './keys';

/** More than a list is expected to hold; the view says when there are more. */
export const ENTRIES_SHOWN = 1000;
const COLUMNS =
  'id, list_id, kind, indicator_type, value, reason, added_by, added_by_email, added_at, alert_id';

export async function getExclusionEntries(listId: number) {
  const { data, error } = await supabase()
    .from('exclusion_entries')
    .select(COLUMNS)
    .eq('list_id', listId)
    .order('added_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(ENTRIES_SHOWN);
  if (error) throw new Error(error.message);
  return data;
}

export type ExclusionEntry = Awaited<ReturnType<typeof getExclusionEntries>>[number];

export function getExclusionEntriesQueryOptions(listId: number) {
  return queryOptions({
    queryKey: exclusionKeys.entries(listId),
    queryFn: () => getExclusionEntries(listId),
  });
}

export function useExclusionEntries(listId: number | undefined) {
  return useQuery({ ...getExclusionEntriesQueryOptions(listId ?? 0), enabled: listId !== undefined });
}
