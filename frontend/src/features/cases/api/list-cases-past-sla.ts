/**
 * Open cases past their SLA: still new after respond_by, or not resolved by due_at while their clock
 * runs, or on hold but already past due when they went on hold (the dashboard's card). The partial
 * index on open cases' due dates answers it.
 */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { OPEN_CASE_STATUSES } from '@/features/cases/schemas/case-filters';
import type { CaseRow } from './list-cases';
import { caseKeys } from './keys';

export async function listCasesPastSla(now: Date, signal?: AbortSignal) {
  const at = now.toISOString();
  let request = supabase()
    .from('cases')
    .select('id, title, kind, severity, status, due_at, respond_by, assignee, held_since', {
      count: 'exact',
    })
    .in('status', [...OPEN_CASE_STATUSES])
    .or(
      `and(status.neq.on_hold,due_at.lt.${at}),and(status.eq.new,respond_by.lt.${at}),paused_past_due.is.true`,
    )
    .order('due_at', { ascending: true })
    .limit(5);
  if (signal) request = request.abortSignal(signal);
  const { data, count, error } = await request;
  if (error) throw new Error(error.message);
  return {
    at: now.getTime(),
    count: count ?? data.length,
    cases: data as Pick<
      CaseRow,
      'id' | 'title' | 'kind' | 'severity' | 'status' | 'due_at' | 'respond_by' | 'assignee' | 'held_since'
    >[],
  };
}

export const useCasesPastSla = () =>
  useQuery({
    queryKey: caseKeys.pastSla(),
    queryFn: ({ signal }) => listCasesPastSla(new Date(), signal),
    refetchInterval: 60_000,
  });
