/** A case's timeline, newest first (written by the database's triggers). */
import { useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { caseKeys } from './keys';

export type CaseEvent = Database['public']['Tables']['case_events']['Row'];

export async function listCaseEvents(caseId: string, signal?: AbortSignal): Promise<CaseEvent[]> {
  let request = supabase()
    .from('case_events')
    .select('*')
    .eq('case_id', caseId)
    .order('id', { ascending: false })
    .limit(500);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data;
}

export const useCaseEvents = (caseId: string) =>
  useQuery({
    queryKey: caseKeys.part(caseId, 'events'),
    queryFn: ({ signal }) => listCaseEvents(caseId, signal),
  });
