/**
 * Relates two objects the analyst reads: the database names the relationship, checks the type
 * against STIX 2.1 for the pair and builds its STIX object (20261202000000).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Tlp } from '@/features/knowledge/utils/authoring';
import { knowledgeKeys } from './keys';

export interface NewRelationship {
  source_ref: string;
  target_ref: string;
  relationship_type: string;
  description: string;
  tlp: Tlp;
  red_audience: string[];
}

export async function createRelationship(input: NewRelationship): Promise<string> {
  const { data, error } = await supabase()
    .from('relationships')
    .insert({ ...input, description: input.description.trim() || null } as never)
    .select('stix_id')
    .single();
  if (error) throw new Error(error.message);
  return data.stix_id;
}

export function useCreateRelationship() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRelationship,
    onSuccess: (_id, input) => {
      for (const ref of [input.source_ref, input.target_ref])
        void client.invalidateQueries({ queryKey: knowledgeKeys.relations(ref) });
    },
  });
}
