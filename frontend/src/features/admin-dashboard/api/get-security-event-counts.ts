/** Security events per hour or day and severity, counted in SQL (`admin_security_event_counts`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { adminDashboardKeys } from './keys';

export async function getSecurityEventCounts(
  days: number,
  type: string | undefined,
  severity: string | undefined,
  signal?: AbortSignal,
) {
  let query = supabase().rpc('admin_security_event_counts', {
    _days: days,
    ...(type ? { _event_type: type } : {}),
    ...(severity ? { _severity: severity } : {}),
  });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return { rows: data, now: Date.now() };
}

export type EventCountRow = Awaited<ReturnType<typeof getSecurityEventCounts>>['rows'][number];

export function getSecurityEventCountsQueryOptions(
  days: number,
  type: string | undefined,
  severity: string | undefined,
) {
  return queryOptions({
    queryKey: adminDashboardKeys.eventCounts(days, type, severity),
    queryFn: ({ signal }) => getSecurityEventCounts(days, type, severity, signal),
  });
}

export function useSecurityEventCounts(days: number, type: string | undefined, severity: string | undefined) {
  return useQuery(getSecurityEventCountsQueryOptions(days, type, severity));
}
