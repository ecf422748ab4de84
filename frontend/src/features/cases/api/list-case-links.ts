/** What a case points at besides alerts: indicators, sightings, knowledge objects and assets. */
import { useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { caseKeys } from './keys';

export type CaseLink = Database['public']['Tables']['case_links']['Row'];

export async function listCaseLinks(caseId: string, signal?: AbortSignal): Promise<CaseLink[]> {
  let request = supabase().from('case_links').select('*').eq('case_id', caseId).order('id');
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data;
}

export const useCaseLinks = (caseId: string) =>
  useQuery({
    queryKey: caseKeys.part(caseId, 'links'),
    queryFn: ({ signal }) => listCaseLinks(caseId, signal),
  });
