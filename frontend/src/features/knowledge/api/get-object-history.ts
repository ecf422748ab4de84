/**
 * What is known of an object's history. The knowledge base keeps no change log per object: it has the
 * object's own STIX dates, when it entered and last changed here, and the import runs of the sources
 * that delivered it (`intel_events`), which is what could have changed it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

export const HISTORY_EVENT_LIMIT = 5;

export interface ObjectHistory {
  created: string | null;
  modified: string | null;
  enteredAt: string;
  changedAt: string;
  version: string | null;
  sources: string[];
  imports: { id: number; occurred_at: string; title: string; summary: string }[];
}

export async function getObjectHistory(stixId: string): Promise<ObjectHistory | null> {
  const client = supabase();
  const { data: object, error } = await client
    .from('intel_objects')
    .select('created, modified, created_at, updated_at, source_ids, version:stix->>x_mitre_version')
    .eq('stix_id', stixId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (!object) return null;
  const sourceIds = object.source_ids ?? [];
  const [sources, events] = sourceIds.length
    ? await Promise.all([
        client.from('sources').select('name').in('id', sourceIds).order('name'),
        client
          .from('intel_events')
          .select('id, occurred_at, title, summary')
          .in('source_id', sourceIds)
          .in('kind', ['objects_imported', 'import_failed'])
          .order('occurred_at', { ascending: false })
          .limit(HISTORY_EVENT_LIMIT),
      ])
    : [
        { data: [], error: null },
        { data: [], error: null },
      ];
  if (sources.error) throw new Error(sources.error.message);
  if (events.error) throw new Error(events.error.message);
  return {
    created: object.created,
    modified: object.modified,
    enteredAt: object.created_at,
    changedAt: object.updated_at,
    version: typeof object.version === 'string' ? object.version : null,
    sources: (sources.data ?? []).map((source) => source.name),
    imports: events.data ?? [],
  };
}

export function getObjectHistoryQueryOptions(stixId: string) {
  return queryOptions({ queryKey: knowledgeKeys.history(stixId), queryFn: () => getObjectHistory(stixId) });
}

export function useObjectHistory(stixId: string) {
  return useQuery(getObjectHistoryQueryOptions(stixId));
}
