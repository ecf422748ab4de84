/** Names and kinds of a few objects by STIX id (the matrix's selection, kept in the URL as ids). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

export interface ObjectName {
  stix_id: string;
  type: string;
  name: string | null;
  external_ids: string[];
}

export async function getObjectNames(stixIds: readonly string[]): Promise<ObjectName[]> {
  if (stixIds.length === 0) return [];
  const { data, error } = await supabase()
    .from('intel_objects')
    .select('stix_id, type, name, external_ids')
    .in('stix_id', [...stixIds]);
  if (error) throw new Error(error.message);
  return data;
}

export function getObjectNamesQueryOptions(stixIds: readonly string[]) {
  return queryOptions({
    queryKey: knowledgeKeys.names(stixIds),
    queryFn: () => getObjectNames(stixIds),
    // Adding one object to the selection keeps the others' names on screen meanwhile.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useObjectNames(stixIds: readonly string[]) {
  return useQuery(getObjectNamesQueryOptions(stixIds));
}
