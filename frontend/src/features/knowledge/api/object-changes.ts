/**
 * Who changed which field of an object and when (object_history), the objects merged into it
 * included; readable with the object (RLS).
 */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

export const CHANGES_LIMIT = 100;

export interface ObjectChange {
  id: number;
  object_id: string;
  action: 'created' | 'changed' | 'import_kept' | 'merged';
  field: string | null;
  old_value: unknown;
  new_value: unknown;
  changed_by: string | null;
  changed_at: string;
}

export async function getObjectChanges(stixId: string): Promise<ObjectChange[]> {
  const client = supabase();
  const merged = await client.from('intel_object_aliases').select('stix_id').eq('target_stix_id', stixId);
  if (merged.error) throw new Error(merged.error.message);
  const ids = [stixId, ...merged.data.map((row) => row.stix_id)];
  const { data, error } = await client
    .from('object_history')
    .select('id, object_id, action, field, old_value, new_value, changed_by, changed_at')
    .in('object_id', ids)
    .order('changed_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(CHANGES_LIMIT);
  if (error) throw new Error(error.message);
  return data as ObjectChange[];
}

export function useObjectChanges(stixId: string) {
  return useQuery({ queryKey: knowledgeKeys.changes(stixId), queryFn: () => getObjectChanges(stixId) });
}
