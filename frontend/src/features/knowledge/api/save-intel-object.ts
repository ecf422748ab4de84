/**
 * Creates or edits a knowledge object with its typed columns only: the database names it, builds its
 * STIX object and records the author and the edited fields (20261202000000). RLS applies.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { AuthoredType, Tlp } from '@/features/knowledge/utils/authoring';
import { knowledgeKeys } from './keys';

export interface IntelObjectFields {
  name: string;
  aliases: string[];
  description: string;
  tlp: Tlp;
  red_audience: string[];
  /** For a report: the objects it covers. */
  object_refs: string[];
}

export type SaveIntelObject =
  | { kind: 'create'; type: AuthoredType; fields: IntelObjectFields }
  | { kind: 'edit'; stixId: string; fields: IntelObjectFields };

export async function saveIntelObject(input: SaveIntelObject): Promise<string> {
  const fields = { ...input.fields, description: input.fields.description.trim() || null };
  const table = supabase().from('intel_objects');
  const { data, error } =
    input.kind === 'create'
      ? // No stix_id: the database names what an analyst writes.
        await table
          .insert({ ...fields, type: input.type } as never)
          .select('stix_id')
          .single()
      : await table.update(fields).eq('stix_id', input.stixId).select('stix_id').single();
  if (error) throw new Error(error.message);
  return data.stix_id;
}

export function useSaveIntelObject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveIntelObject,
    onSuccess: (stixId) => {
      void client.invalidateQueries({ queryKey: knowledgeKeys.object(stixId) });
      void client.invalidateQueries({ queryKey: knowledgeKeys.changes(stixId) });
      void client.invalidateQueries({ queryKey: [...knowledgeKeys.all, 'list'] });
    },
  });
}
