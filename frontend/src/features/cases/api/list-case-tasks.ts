/** A case's tasks, in the order they were added. */
import { useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { caseKeys } from './keys';

export type CaseTask = Database['public']['Tables']['case_tasks']['Row'];

export async function listCaseTasks(caseId: string, signal?: AbortSignal): Promise<CaseTask[]> {
  let request = supabase().from('case_tasks').select('*').eq('case_id', caseId).order('id');
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data;
}

export const useCaseTasks = (caseId: string) =>
  useQuery({
    queryKey: caseKeys.part(caseId, 'tasks'),
    queryFn: ({ signal }) => listCaseTasks(caseId, signal),
  });
