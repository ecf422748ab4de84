/**
 * One import run the app queued (an upload), asked again every second and a half until it has
 * finished: the worker writes its outcome when the whole file is in (the run is one transaction),
 * so there is nothing to show between. When it finishes, the page's own queries read again.
 */
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '@/lib/supabase';

const POLL_MS = 1500;

export async function getImportRun(runId: number) {
  const { data, error } = await supabase()
    .from('import_runs')
    .select(
      'id, status, format, input, records, inserted, rejected, counts, rejects, error, started_at, finished_at',
    )
    .eq('id', runId)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

export type ImportRunRow = Awaited<ReturnType<typeof getImportRun>>;

const finished = (run: ImportRunRow | undefined) => run?.status === 'succeeded' || run?.status === 'failed';

/** `refreshes`: the queries the imported data feeds, read again once the run has finished. */
export function useImportRun(runId: number | undefined, refreshes: QueryKey) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['import-runs', runId ?? 0],
    queryFn: () => getImportRun(runId!),
    enabled: runId !== undefined,
    refetchInterval: (current) => (finished(current.state.data) ? false : POLL_MS),
  });
  const done = finished(query.data);
  const refreshKey = JSON.stringify(refreshes);
  useEffect(() => {
    if (done)
      void queryClient.invalidateQueries({
        queryKey: JSON.parse(refreshKey) as QueryKey,
        refetchType: 'active',
      });
  }, [done, queryClient, refreshKey]);
  return query;
}
