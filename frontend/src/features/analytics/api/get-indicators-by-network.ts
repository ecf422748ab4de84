/** The countries and autonomous systems holding the most address indicators (`analytics_indicators_by_network`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from './keys';

export const TOP_NETWORKS = 10;

export type IndicatorsByNetworkRow =
  Database['public']['Functions']['analytics_indicators_by_network']['Returns'][number];

export async function getIndicatorsByNetwork(): Promise<IndicatorsByNetworkRow[]> {
  const { data, error } = await supabase().rpc('analytics_indicators_by_network', { _top: TOP_NETWORKS });
  if (error) throw new Error(error.message);
  return data;
}

export function getIndicatorsByNetworkQueryOptions() {
  return queryOptions({
    queryKey: [...analyticsKeys.all, 'networks'] as const,
    queryFn: getIndicatorsByNetwork,
  });
}

export function useIndicatorsByNetwork() {
  return useQuery(getIndicatorsByNetworkQueryOptions());
}
