/** The STIX 2.1 relationship summary the database checks relationships against (read once). */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { RelationshipRule } from '@/features/knowledge/utils/authoring';
import { knowledgeKeys } from './keys';

export async function getRelationshipRules(): Promise<RelationshipRule[]> {
  const { data, error } = await supabase()
    .from('relationship_type_rules')
    .select('source_type, relationship_type, target_type');
  if (error) throw new Error(error.message);
  return data;
}

export function useRelationshipRules() {
  return useQuery({ queryKey: knowledgeKeys.rules(), queryFn: getRelationshipRules, staleTime: Infinity });
}
