/**
 * The triage queue: newest first, in keyset pages (created_at, id), filtered by the URL. RLS lets
 * every analyst read every alert; the (status, created_at) index answers the common views.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import {
  ALERT_WINDOWS,
  OPEN_STATUSES,
  type AlertResultFilters,
} from '@/features/alerts/schemas/alert-filters';
import { alertKeys } from './keys';

export const ALERT_PAGE_SIZE = 100;
const COLUMNS =
  'id, title, description, severity, status, category, source, created_at, updated_at, resolved_at, assigned_to, dismissal_reason, false_positive, indicator_id, cve_id, metadata';

interface Cursor {
  createdAt: string;
  id: string;
}

export async function listAlerts(
  filters: AlertResultFilters,
  userId: string | null,
  after: Cursor | null,
  signal?: AbortSignal,
) {
  let query = supabase().from('enhanced_security_alerts').select(COLUMNS);
  if (filters.status === 'open') query = query.in('status', [...OPEN_STATUSES]);
  else if (filters.status !== 'all') query = query.eq('status', filters.status);
  if (filters.severity.length) query = query.in('severity', filters.severity);
  if (filters.category) query = query.eq('category', filters.category);
  if (filters.assignee === 'unassigned') query = query.is('assigned_to', null);
  else if (filters.assignee === 'me' && userId) query = query.eq('assigned_to', userId);
  else if (filters.assignee && filters.assignee !== 'me') query = query.eq('assigned_to', filters.assignee);
  if (filters.window) {
    query = query.gte(
      'created_at',
      new Date(Date.now() - ALERT_WINDOWS[filters.window] * 86_400_000).toISOString(),
    );
  }
  if (after)
    query = query.or(
      `created_at.lt.${after.createdAt},and(created_at.eq.${after.createdAt},id.lt.${after.id})`,
    );
  let request = query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(ALERT_PAGE_SIZE);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data;
}

export type AlertRow = Awaited<ReturnType<typeof listAlerts>>[number];

export function listAlertsQueryOptions(filters: AlertResultFilters, userId: string | null) {
  return infiniteQueryOptions({
    queryKey: alertKeys.list(filters, userId),
    queryFn: ({ pageParam, signal }) => listAlerts(filters, userId, pageParam, signal),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (lastPage): Cursor | null => {
      if (lastPage.length < ALERT_PAGE_SIZE) return null;
      const last = lastPage.at(-1)!;
      return { createdAt: last.created_at, id: last.id };
    },
  });
}

export function useAlerts(filters: AlertResultFilters, userId: string | null) {
  return useInfiniteQuery(listAlertsQueryOptions(filters, userId));
}
