/** The malware, actors and campaigns an indicator is linked to. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { indicatorKeys } from './keys';

export type IndicatorRelation = Database['public']['Functions']['indicator_relations']['Returns'][number];

export async function getIndicatorRelations(id: number): Promise<IndicatorRelation[]> {
  const { data, error } = await supabase().rpc('indicator_relations', { _indicator_id: id });
  if (error) throw new Error(error.message);
  return data;
}

export function getIndicatorRelationsQueryOptions(id: number) {
  return queryOptions({ queryKey: indicatorKeys.relations(id), queryFn: () => getIndicatorRelations(id) });
}

export function useIndicatorRelations(id: number | undefined) {
  return useQuery({ ...getIndicatorRelationsQueryOptions(id ?? 0), enabled: id !== undefined });
}
