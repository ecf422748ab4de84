/** The audit trail, newest first, 50 a page, filtered by action, actor e-mail and target (type or id). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { adminDashboardKeys } from './keys';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  action?: string;
  actor?: string;
  /** A target type (`user`, `source`) or `type:id`. */
  target?: string;
}

export async function getAuditTrail(filters: AuditFilters, offset: number, signal?: AbortSignal) {
  let query = supabase()
    .from('audit_trail')
    .select('id, occurred_at, actor_id, actor_email, actor_role, action, target_type, target_id, details');
  if (filters.action) query = query.eq('action', filters.action);
  if (filters.actor) query = query.eq('actor_email', filters.actor);
  if (filters.target) {
    const [type, ...id] = filters.target.split(':');
    query = query.eq('target_type', type!);
    if (id.length > 0) query = query.eq('target_id', id.join(':'));
  }
  query = query.order('occurred_at', { ascending: false }).order('id', { ascending: false });
  query = query.range(offset, offset + AUDIT_PAGE_SIZE - 1);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export type AuditRow = Awaited<ReturnType<typeof getAuditTrail>>[number];

export function getAuditTrailQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: adminDashboardKeys.audit(filters.action, filters.actor, filters.target),
    queryFn: ({ pageParam, signal }) => getAuditTrail(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < AUDIT_PAGE_SIZE ? null : pages.length * AUDIT_PAGE_SIZE,
  });
}

export function useAuditTrail(filters: AuditFilters) {
  return useInfiniteQuery(getAuditTrailQueryOptions(filters));
}
