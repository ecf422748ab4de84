/** One indicator for the detail drawer (RLS decides whether this user may see it at all). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { indicatorKeys } from './keys';

const COLUMNS =
  'id, type, value, stix_id, pattern, name, description, confidence, tlp, first_seen, last_seen, valid_from, valid_until, revoked, labels, kill_chain_phases, created_at, updated_at, score, lifecycle_state, warninglists, exclusions, asn, as_name, country';

export async function getIndicator(id: number) {
  const { data, error } = await supabase().from('indicators').select(COLUMNS).eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

export type IndicatorDetail = NonNullable<Awaited<ReturnType<typeof getIndicator>>>;

export function getIndicatorQueryOptions(id: number) {
  return queryOptions({ queryKey: indicatorKeys.detail(id), queryFn: () => getIndicator(id) });
}

export function useIndicator(id: number | undefined) {
  return useQuery({ ...getIndicatorQueryOptions(id ?? 0), enabled: id !== undefined });
}
