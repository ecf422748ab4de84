/**
 * The score under which an indicator of a type counts as decayed (`decay_rules.decayed_below`); a type
 * without a rule of its own ages by the server's default rule.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { IndicatorType } from '@/lib/intel/indicator-input';
import { indicatorKeys } from './keys';

/** private.default_decay_rule(): decayed below 20. */
export const DEFAULT_DECAYED_BELOW = 20;

export async function getDecayThreshold(type: IndicatorType): Promise<number> {
  const { data, error } = await supabase()
    .from('decay_rules')
    .select('decayed_below')
    .eq('indicator_type', type)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data?.decayed_below ?? DEFAULT_DECAYED_BELOW;
}

export function getDecayThresholdQueryOptions(type: IndicatorType) {
  return queryOptions({
    queryKey: indicatorKeys.decayThreshold(type),
    queryFn: () => getDecayThreshold(type),
  });
}

export function useDecayThreshold(type: IndicatorType | undefined) {
  return useQuery({ ...getDecayThresholdQueryOptions(type ?? 'ipv4'), enabled: type !== undefined });
}
