/** The allow-list of security event types, for the type filter (`admin_security_event_types`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { adminDashboardKeys } from './keys';

export async function getSecurityEventTypes(signal?: AbortSignal) {
  let query = supabase().rpc('admin_security_event_types');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export function getSecurityEventTypesQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardKeys.eventTypes(),
    queryFn: ({ signal }) => getSecurityEventTypes(signal),
    staleTime: Infinity,
  });
}

export function useSecurityEventTypes() {
  return useQuery(getSecurityEventTypesQueryOptions());
}
