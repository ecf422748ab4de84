/** The vendors with the most KEV additions in the period (`analytics_kev_by_vendor`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from './keys';

export const TOP_VENDORS = 15;

export type KevByVendorRow = Database['public']['Functions']['analytics_kev_by_vendor']['Returns'][number];

export async function getKevByVendor(period: Period): Promise<KevByVendorRow[]> {
  const { data, error } = await supabase().rpc('analytics_kev_by_vendor', {
    _period: period,
    _limit: TOP_VENDORS,
  });
  if (error) throw new Error(error.message);
  return data;
}

export function getKevByVendorQueryOptions(period: Period) {
  return queryOptions({
    queryKey: analyticsKeys.chart('vendors', period),
    queryFn: () => getKevByVendor(period),
  });
}

export function useKevByVendor(period: Period) {
  return useQuery(getKevByVendorQueryOptions(period));
}
