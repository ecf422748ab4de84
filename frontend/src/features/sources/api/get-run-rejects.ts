/** The records one run refused, each with where it was and why (the first 1,000 are kept). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RejectRow } from '@/components/ui/reject-table';
import { supabase } from '@/lib/supabase';
import { sourceKeys } from './keys';

export async function getRunRejects(runId: number, signal?: AbortSignal): Promise<RejectRow[]> {
  let query = supabase().from('import_runs').select('rejects').eq('id', runId);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  if (error) throw new Error(error.message);
  const rejects = data?.rejects;
  return Array.isArray(rejects) ? (rejects as unknown as RejectRow[]) : [];
}

export function getRunRejectsQueryOptions(runId: number) {
  return queryOptions({
    queryKey: sourceKeys.rejects(runId),
    queryFn: ({ signal }) => getRunRejects(runId, signal),
  });
}

export function useRunRejects(runId: number, enabled: boolean) {
  return useQuery({ ...getRunRejectsQueryOptions(runId), enabled });
}
