/** Indicators first seen per bucket of the period and type (`analytics_indicators_by_type`), every bucket and type present. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from './keys';

export type IndicatorsByTypeRow =
  Database['public']['Functions']['analytics_indicators_by_type']['Returns'][number];

export async function getIndicatorsByType(period: Period): Promise<IndicatorsByTypeRow[]> {
  const { data, error } = await supabase().rpc('analytics_indicators_by_type', { _period: period });
  if (error) throw new Error(error.message);
  return data;
}

export function getIndicatorsByTypeQueryOptions(period: Period) {
  return queryOptions({
    queryKey: analyticsKeys.chart('types', period),
    queryFn: () => getIndicatorsByType(period),
  });
}

export function useIndicatorsByType(period: Period) {
  return useQuery(getIndicatorsByTypeQueryOptions(period));
}
