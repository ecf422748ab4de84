/** Security events, newest first, 50 a page, optionally of one type and severity (RLS: admins with MFA). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { adminDashboardKeys } from './keys';

export const EVENTS_PAGE_SIZE = 50;

export async function getSecurityEvents(
  type: string | undefined,
  severity: string | undefined,
  offset: number,
  signal?: AbortSignal,
) {
  let query = supabase()
    .from('security_events')
    .select('id, event_type, severity, details, user_id, source, user_agent, created_at');
  if (type) query = query.eq('event_type', type);
  if (severity) query = query.eq('severity', severity);
  query = query.order('created_at', { ascending: false }).order('id', { ascending: false });
  query = query.range(offset, offset + EVENTS_PAGE_SIZE - 1);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export type SecurityEventRow = Awaited<ReturnType<typeof getSecurityEvents>>[number];

export function getSecurityEventsQueryOptions(type: string | undefined, severity: string | undefined) {
  return infiniteQueryOptions({
    queryKey: adminDashboardKeys.events(type, severity),
    queryFn: ({ pageParam, signal }) => getSecurityEvents(type, severity, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < EVENTS_PAGE_SIZE ? null : pages.length * EVENTS_PAGE_SIZE,
  });
}

export function useSecurityEvents(type: string | undefined, severity: string | undefined) {
  return useInfiniteQuery(getSecurityEventsQueryOptions(type, severity));
}
