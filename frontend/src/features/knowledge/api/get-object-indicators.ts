/** An object's indicators through `indicates` links, its own and its software's (`object_indicators`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

export type ObjectIndicator = Database['public']['Functions']['object_indicators']['Returns'][number];

/** The drawer shows the newest; the IOC page lists them all. */
export const OBJECT_INDICATOR_LIMIT = 50;

export async function getObjectIndicators(stixId: string): Promise<ObjectIndicator[]> {
  const { data, error } = await supabase().rpc('object_indicators', {
    _stix_id: stixId,
    _limit: OBJECT_INDICATOR_LIMIT,
  });
  if (error) throw new Error(error.message);
  return data;
}

export function getObjectIndicatorsQueryOptions(stixId: string) {
  return queryOptions({
    queryKey: knowledgeKeys.indicators(stixId),
    queryFn: () => getObjectIndicators(stixId),
  });
}

export function useObjectIndicators(stixId: string) {
  return useQuery(getObjectIndicatorsQueryOptions(stixId));
}
