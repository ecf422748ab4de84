/** Reports per bucket and source (`analytics_indicators_by_source`): the top sources, the rest as one series with a null id. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from './keys';

/** Sources with a series of their own; the rest are one "Other sources" series. */
export const TOP_SOURCES = 6;

export type IndicatorsBySourceRow =
  Database['public']['Functions']['analytics_indicators_by_source']['Returns'][number];

export async function getIndicatorsBySource(period: Period): Promise<IndicatorsBySourceRow[]> {
  const { data, error } = await supabase().rpc('analytics_indicators_by_source', {
    _period: period,
    _top: TOP_SOURCES,
  });
  if (error) throw new Error(error.message);
  return data;
}

export function getIndicatorsBySourceQueryOptions(period: Period) {
  return queryOptions({
    queryKey: analyticsKeys.chart('sources', period),
    queryFn: () => getIndicatorsBySource(period),
  });
}

export function useIndicatorsBySource(period: Period) {
  return useQuery(getIndicatorsBySourceQueryOptions(period));
}
