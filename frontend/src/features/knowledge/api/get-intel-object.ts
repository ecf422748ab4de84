/** One knowledge object (actor, malware, technique, campaign…) as stored; RLS applies. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

const COLUMNS =
  'stix_id, type, name, description, aliases, external_ids, created, modified, revoked, deprecated, confidence, tlp, labels, kill_chain_phases, platforms, red_audience, object_refs, created_by';

export async function getIntelObject(stixId: string) {
  const { data, error } = await supabase()
    .from('intel_objects')
    .select(COLUMNS)
    .eq('stix_id', stixId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

export type IntelObject = NonNullable<Awaited<ReturnType<typeof getIntelObject>>>;

export function getIntelObjectQueryOptions(stixId: string) {
  return queryOptions({ queryKey: knowledgeKeys.object(stixId), queryFn: () => getIntelObject(stixId) });
}

export function useIntelObject(stixId: string | undefined) {
  return useQuery({ ...getIntelObjectQueryOptions(stixId ?? ''), enabled: stixId !== undefined });
}
