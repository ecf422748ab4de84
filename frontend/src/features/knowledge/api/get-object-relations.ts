/** What an object is linked to (`object_relations`): named objects, and indicators counted. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

export type ObjectRelation = Database['public']['Functions']['object_relations']['Returns'][number];

export async function getObjectRelations(stixId: string): Promise<ObjectRelation[]> {
  const { data, error } = await supabase().rpc('object_relations', { _stix_id: stixId });
  if (error) throw new Error(error.message);
  return data;
}

export function getObjectRelationsQueryOptions(stixId: string) {
  return queryOptions({
    queryKey: knowledgeKeys.relations(stixId),
    queryFn: () => getObjectRelations(stixId),
  });
}

export function useObjectRelations(stixId: string | undefined) {
  return useQuery({ ...getObjectRelationsQueryOptions(stixId ?? ''), enabled: stixId !== undefined });
}
