/** One technique's mitigations, users (with their procedures), sub-techniques and parent (`technique_relations`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

export type TechniqueRelation = Database['public']['Functions']['technique_relations']['Returns'][number];

export async function getTechniqueRelations(stixId: string): Promise<TechniqueRelation[]> {
  const { data, error } = await supabase().rpc('technique_relations', { _technique_id: stixId });
  if (error) throw new Error(error.message);
  return data;
}

export function getTechniqueRelationsQueryOptions(stixId: string) {
  return queryOptions({
    queryKey: knowledgeKeys.technique(stixId),
    queryFn: () => getTechniqueRelations(stixId),
  });
}

export function useTechniqueRelations(stixId: string) {
  return useQuery(getTechniqueRelationsQueryOptions(stixId));
}
