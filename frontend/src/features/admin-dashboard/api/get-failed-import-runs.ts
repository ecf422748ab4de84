/** The latest 100 import runs that failed or rejected records (partial index on import_runs). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { adminDashboardKeys } from './keys';

export const IMPORT_FAILURES_LIMIT = 100;

export async function getFailedImportRuns(signal?: AbortSignal) {
  let query = supabase()
    .from('import_runs')
    .select('id, source_name, format, status, started_at, finished_at, records, rejected, error')
    .or('status.eq.failed,rejected.gt.0')
    .order('started_at', { ascending: false })
    .limit(IMPORT_FAILURES_LIMIT);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export type FailedImportRow = Awaited<ReturnType<typeof getFailedImportRuns>>[number];

export function getFailedImportRunsQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardKeys.importFailures(),
    queryFn: ({ signal }) => getFailedImportRuns(signal),
  });
}

export function useFailedImportRuns() {
  return useQuery(getFailedImportRunsQueryOptions());
}
