/** The newest KEV entries, straight from the table (its kev_date_added index answers). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './keys';

export async function getLatestKev(limit: number) {
  const { data, error } = await supabase()
    .from('vulnerabilities')
    .select('cve_id, kev_vendor, kev_product, kev_name, kev_date_added, kev_ransomware_use, epss_score')
    .not('kev_date_added', 'is', null)
    .order('kev_date_added', { ascending: false })
    .order('cve_id', { ascending: false })
    .limit(limit);
  if (error) throw new Error(error.message);
  return data;
}

export type LatestKevRow = Awaited<ReturnType<typeof getLatestKev>>[number];

export function getLatestKevQueryOptions(limit: number) {
  return queryOptions({ queryKey: dashboardKeys.latestKev(limit), queryFn: () => getLatestKev(limit) });
}

export function useLatestKev(limit: number) {
  return useQuery(getLatestKevQueryOptions(limit));
}
