/** The organisation's exclusion lists by name, each with how many entries it holds (every signed-in user reads them). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { exclusionKeys } from './keys';

/** The list a false positive goes to unless the analyst picks another (a fresh install has it). */
export const DEFAULT_LIST_NAME = 'Local exclusions';

export async function getExclusionLists() {
  const { data, error } = await supabase()
    .from('exclusion_lists')
    .select('id, name, description, created_at, updated_at, exclusion_entries(count)')
    .order('name');
  if (error) throw new Error(error.message);
  return data.map(({ exclusion_entries, ...list }) => ({
    ...list,
    entryCount: exclusion_entries[0]?.count ?? 0,
  }));
}

export type ExclusionList = Awaited<ReturnType<typeof getExclusionLists>>[number];

export function getExclusionListsQueryOptions() {
  return queryOptions({ queryKey: exclusionKeys.lists(), queryFn: getExclusionLists });
}

export function useExclusionLists() {
  return useQuery(getExclusionListsQueryOptions());
}
