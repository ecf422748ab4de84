/** Knowledge objects by name or alias, for the pickers of the authoring dialogs; RLS applies. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

export interface FoundObject {
  stix_id: string;
  type: string;
  name: string | null;
  tlp: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchIntelObjects(query: string, types: readonly string[]): Promise<FoundObject[]> {
  let request = supabase()
    .from('intel_objects')
    .select('stix_id, type, name, tlp')
    .ilike('search_names', `%${escapeLike(query.trim())}%`)
    .is('merged_into', null)
    .order('name')
    .limit(10);
  if (types.length) request = request.in('type', types);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data;
}

export function useSearchIntelObjects(query: string, types: readonly string[]) {
  const q = query.trim();
  return useQuery({
    queryKey: knowledgeKeys.search(q, types),
    queryFn: () => searchIntelObjects(q, types),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
}
