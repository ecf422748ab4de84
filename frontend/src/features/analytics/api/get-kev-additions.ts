/** KEV additions per bucket of the period, with those of known ransomware use (`analytics_kev_additions`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from './keys';

export type KevAdditionsRow = Database['public']['Functions']['analytics_kev_additions']['Returns'][number];

export async function getKevAdditions(period: Period): Promise<KevAdditionsRow[]> {
  const { data, error } = await supabase().rpc('analytics_kev_additions', { _period: period });
  if (error) throw new Error(error.message);
  return data;
}

export function getKevAdditionsQueryOptions(period: Period) {
  return queryOptions({
    queryKey: analyticsKeys.chart('kev', period),
    queryFn: () => getKevAdditions(period),
  });
}

export function useKevAdditions(period: Period) {
  return useQuery(getKevAdditionsQueryOptions(period));
}
