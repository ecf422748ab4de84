/** One case (RLS: a case the reader may not read is answered as missing). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { CaseRow } from './list-cases';
import { caseKeys } from './keys';

export async function getCase(id: string, signal?: AbortSignal): Promise<CaseRow | null> {
  let request = supabase().from('cases').select('*').eq('id', id);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request.maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

export const caseQueryOptions = (id: string) =>
  queryOptions({ queryKey: caseKeys.part(id, 'case'), queryFn: ({ signal }) => getCase(id, signal) });

export const useCase = (id: string) => useQuery(caseQueryOptions(id));
