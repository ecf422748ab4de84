/** The EPSS scores of the period's KEV additions in ten buckets, bucket 0 for those without a score (`analytics_kev_epss`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from './keys';

export type KevEpssRow = Database['public']['Functions']['analytics_kev_epss']['Returns'][number];

export async function getKevEpss(period: Period): Promise<KevEpssRow[]> {
  const { data, error } = await supabase().rpc('analytics_kev_epss', { _period: period });
  if (error) throw new Error(error.message);
  return data;
}

export function getKevEpssQueryOptions(period: Period) {
  return queryOptions({ queryKey: analyticsKeys.chart('epss', period), queryFn: () => getKevEpss(period) });
}

export function useKevEpss(period: Period) {
  return useQuery(getKevEpssQueryOptions(period));
}
