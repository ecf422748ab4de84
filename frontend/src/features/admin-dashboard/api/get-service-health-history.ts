/** Service health reports per hour and service (`admin_service_health_history`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { adminDashboardKeys } from './keys';

export async function getServiceHealthHistory(days: number, signal?: AbortSignal) {
  let query = supabase().rpc('admin_service_health_history', { _days: days });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export type HealthHistoryRow = Awaited<ReturnType<typeof getServiceHealthHistory>>[number];

export function getServiceHealthHistoryQueryOptions(days: number) {
  return queryOptions({
    queryKey: adminDashboardKeys.health(days),
    queryFn: ({ signal }) => getServiceHealthHistory(days, signal),
  });
}

export function useServiceHealthHistory(days: number) {
  return useQuery(getServiceHealthHistoryQueryOptions(days));
}
