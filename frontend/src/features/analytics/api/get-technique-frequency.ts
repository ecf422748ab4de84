/** The ATT&CK techniques used by the most actors, with how much software uses them (`analytics_technique_frequency`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from './keys';

export const TOP_TECHNIQUES = 20;

export type TechniqueFrequencyRow =
  Database['public']['Functions']['analytics_technique_frequency']['Returns'][number];

export async function getTechniqueFrequency(period: Period): Promise<TechniqueFrequencyRow[]> {
  const { data, error } = await supabase().rpc('analytics_technique_frequency', {
    _period: period,
    _limit: TOP_TECHNIQUES,
  });
  if (error) throw new Error(error.message);
  return data;
}

export function getTechniqueFrequencyQueryOptions(period: Period) {
  return queryOptions({
    queryKey: analyticsKeys.chart('techniques', period),
    queryFn: () => getTechniqueFrequency(period),
  });
}

export function useTechniqueFrequency(period: Period) {
  return useQuery(getTechniqueFrequencyQueryOptions(period));
}
