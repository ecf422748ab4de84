/**
 * Edits or revokes one relationship the analyst reads, up to their clearance (the policy of
 * 20261202000000 and its column grants decide; the database rebuilds the STIX object and records the
 * fields the analyst edited, which a later import keeps). Revoking is STIX 2.1's way to withdraw it:
 * it leaves the profile and the graph but stays in the history and in exports, marked revoked.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

export interface RelationshipFields {
  stix_id: string;
  relationship_type: string;
  source_ref: string;
  target_ref: string;
  description: string | null;
  confidence: number | null;
  revoked: boolean;
}

export type RelationshipChanges = Partial<
  Pick<RelationshipFields, 'relationship_type' | 'description' | 'confidence' | 'revoked'>
>;

export async function getRelationship(stixId: string): Promise<RelationshipFields> {
  const { data, error } = await supabase()
    .from('relationships')
    .select('stix_id, relationship_type, source_ref, target_ref, description, confidence, revoked')
    .eq('stix_id', stixId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) throw new Error('This relationship is no longer there, or you may not read it.');
  return data;
}

export function useRelationship(stixId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...knowledgeKeys.all, 'relationship', stixId] as const,
      queryFn: () => getRelationship(stixId),
    }),
  );
}

export async function updateRelationship(stixId: string, changes: RelationshipChanges): Promise<void> {
  const { data, error } = await supabase()
    .from('relationships')
    .update(changes as never)
    .eq('stix_id', stixId)
    .select('stix_id');
  if (error) throw new Error(error.message);
  // RLS filters rows silently: no row back means the caller may not change it.
  if (data.length === 0)
    throw new Error('You may not change this relationship (its TLP is above your clearance).');
}

export function useUpdateRelationship(
  relationship: Pick<RelationshipFields, 'stix_id' | 'source_ref' | 'target_ref'>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: RelationshipChanges) => updateRelationship(relationship.stix_id, changes),
    onSuccess: () => {
      void client.invalidateQueries({
        queryKey: [...knowledgeKeys.all, 'relationship', relationship.stix_id],
      });
      for (const ref of [relationship.source_ref, relationship.target_ref])
        void client.invalidateQueries({ queryKey: knowledgeKeys.relations(ref) });
    },
  });
}
