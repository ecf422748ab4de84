/**
 * Analysts' notes on an object (object_notes): append-only, at most the object's TLP, readable with
 * the object; the database sets the author.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Tlp } from '@/features/knowledge/utils/authoring';
import { knowledgeKeys } from './keys';

export type ObjectKind = 'object' | 'relationship' | 'indicator';

export interface ObjectNote {
  id: number;
  body: string;
  tlp: string;
  author: string | null;
  created_at: string;
}

export async function getObjectNotes(stixId: string): Promise<ObjectNote[]> {
  const { data, error } = await supabase()
    .from('object_notes')
    .select('id, body, tlp, author, created_at')
    .eq('object_id', stixId)
    .order('created_at', { ascending: false })
    .limit(200);
  if (error) throw new Error(error.message);
  return data;
}

export function useObjectNotes(stixId: string) {
  return useQuery({ queryKey: knowledgeKeys.notes(stixId), queryFn: () => getObjectNotes(stixId) });
}

export function useAddObjectNote(kind: ObjectKind, stixId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, tlp }: { body: string; tlp: Tlp }) => {
      const { error } = await supabase()
        .from('object_notes')
        .insert({ object_kind: kind, object_id: stixId, body, tlp });
      if (error) throw new Error(error.message);
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: knowledgeKeys.notes(stixId) }),
  });
}
