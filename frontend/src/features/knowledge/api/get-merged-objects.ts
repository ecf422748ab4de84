/**
 * The other sources' entries for one object: those merged into it at import (the MISP galaxy's
 * Sofacy into ATT&CK's APT28), each with the sources that delivered it, and the object this one was
 * merged into when it is such an entry (opened from an older link). RLS applies.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

export interface MergedEntry {
  stixId: string;
  name: string | null;
  sources: string[];
}

export interface MergedObjects {
  /** Entries merged into this object. */
  entries: MergedEntry[];
  /** The object this one was merged into. */
  mergedInto: { stixId: string; name: string | null } | null;
}

async function sourceNames(ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { data, error } = await supabase().from('sources').select('id, name').in('id', ids);
  if (error) throw new Error(error.message);
  return new Map((data ?? []).map((source) => [source.id, source.name]));
}

async function objectName(stixId: string | null | undefined) {
  if (!stixId) return null;
  const { data, error } = await supabase()
    .from('intel_objects')
    .select('stix_id, name')
    .eq('stix_id', stixId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data ? { stixId: data.stix_id, name: data.name } : null;
}

export async function getMergedObjects(stixId: string): Promise<MergedObjects> {
  const client = supabase();
  const [own, merged] = await Promise.all([
    client.from('intel_objects').select('merged_into').eq('stix_id', stixId).maybeSingle(),
    client.from('intel_objects').select('stix_id, name, source_ids').eq('merged_into', stixId).order('name'),
  ]);
  if (own.error) throw new Error(own.error.message);
  if (merged.error) throw new Error(merged.error.message);
  const rows = merged.data ?? [];
  const [names, mergedInto] = await Promise.all([
    sourceNames([...new Set(rows.flatMap((row) => row.source_ids))]),
    objectName(own.data?.merged_into),
  ]);
  return {
    entries: rows.map((row) => ({
      stixId: row.stix_id,
      name: row.name,
      sources: row.source_ids.map((id) => names.get(id) ?? id).sort(),
    })),
    mergedInto,
  };
}

export function getMergedObjectsQueryOptions(stixId: string) {
  return queryOptions({ queryKey: knowledgeKeys.merged(stixId), queryFn: () => getMergedObjects(stixId) });
}

export function useMergedObjects(stixId: string) {
  return useQuery(getMergedObjectsQueryOptions(stixId));
}
