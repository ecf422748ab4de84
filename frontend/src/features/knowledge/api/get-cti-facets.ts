/** The kinds and sources the list can be filtered by, with how many objects each has (`cti_object_facets`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

export interface CtiFacets {
  kinds: Record<string, number>;
  sources: { id: string; name: string; objects: number }[];
}

export async function getCtiFacets(): Promise<CtiFacets> {
  const { data, error } = await supabase().rpc('cti_object_facets');
  if (error) throw new Error(error.message);
  const facets: CtiFacets = { kinds: {}, sources: [] };
  for (const row of data) {
    if (row.kind) facets.kinds[row.kind] = Number(row.objects);
    else if (row.source_id)
      facets.sources.push({
        id: row.source_id,
        name: row.source_name ?? row.source_id,
        objects: Number(row.objects),
      });
  }
  facets.sources.sort((a, b) => a.name.localeCompare(b.name));
  return facets;
}

export function getCtiFacetsQueryOptions() {
  return queryOptions({ queryKey: knowledgeKeys.facets(), queryFn: getCtiFacets, staleTime: 5 * 60_000 });
}

export function useCtiFacets() {
  return useQuery(getCtiFacetsQueryOptions());
}
