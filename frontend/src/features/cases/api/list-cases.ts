/**
 * The cases the reader may read (RLS: TLP and clearance), most recently changed first, filtered by
 * status, kind and assignee. At most 1,000 at a time: the table draws only the rows in view.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { OPEN_CASE_STATUSES, type CaseListFilters } from '@/features/cases/schemas/case-filters';
import { caseKeys } from './keys';

export type CaseRow = Database['public']['Tables']['cases']['Row'];
export const CASE_LIST_LIMIT = 1000;

export async function listCases(filters: CaseListFilters, userId: string | null, signal?: AbortSignal) {
  let query = supabase().from('cases').select('*');
  if (filters.status === 'open') query = query.in('status', [...OPEN_CASE_STATUSES]);
  else if (filters.status !== 'all') query = query.eq('status', filters.status);
  if (filters.kind) query = query.eq('kind', filters.kind);
  if (filters.assignee === 'unassigned') query = query.is('assignee', null);
  else if (filters.assignee === 'me')
    query = query.eq('assignee', userId ?? '00000000-0000-0000-0000-000000000000');
  else if (filters.assignee) query = query.eq('assignee', filters.assignee);
  let request = query.order('updated_at', { ascending: false }).limit(CASE_LIST_LIMIT);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data;
}

export const casesQueryOptions = (filters: CaseListFilters, userId: string | null) =>
  queryOptions({
    queryKey: [...caseKeys.list(filters), userId],
    queryFn: ({ signal }) => listCases(filters, userId, signal),
  });

export const useCases = (filters: CaseListFilters, userId: string | null) =>
  useQuery(casesQueryOptions(filters, userId));
