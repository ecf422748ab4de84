/** The latest 100 performance reports sent by browsers (`performance_reports`, admins with MFA). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { adminDashboardKeys } from './keys';

export const PERFORMANCE_LIMIT = 100;

export async function getPerformanceReports(signal?: AbortSignal) {
  let query = supabase()
    .from('performance_reports')
    .select('id, user_id, url, user_agent, metrics, critical, reported_at, received_at')
    .order('received_at', { ascending: false })
    .limit(PERFORMANCE_LIMIT);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export type PerformanceRow = Awaited<ReturnType<typeof getPerformanceReports>>[number];

export function getPerformanceReportsQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardKeys.performance(),
    queryFn: ({ signal }) => getPerformanceReports(signal),
  });
}

export function usePerformanceReports() {
  return useQuery(getPerformanceReportsQueryOptions());
}
