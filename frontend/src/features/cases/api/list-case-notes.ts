/** A case's notes, oldest first (append-only: never edited). */
import { useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { caseKeys } from './keys';

export type CaseNote = Database['public']['Tables']['case_notes']['Row'];

export async function listCaseNotes(caseId: string, signal?: AbortSignal): Promise<CaseNote[]> {
  let request = supabase().from('case_notes').select('*').eq('case_id', caseId).order('id').limit(1000);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data;
}

export const useCaseNotes = (caseId: string) =>
  useQuery({
    queryKey: caseKeys.part(caseId, 'notes'),
    queryFn: ({ signal }) => listCaseNotes(caseId, signal),
  });
