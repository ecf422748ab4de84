/**
 * One import run, asked again every second and a half until it has finished: the worker writes its
 * outcome when the whole file is in (the run is one transaction), so there is nothing to show between.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '@/lib/supabase';
import { telemetryKeys } from './keys';

const POLL_MS = 1500;

export async function getImportRun(runId: number) {
  const { data, error } = await supabase()
    .from('import_runs')
    .select('id, status, format, input, records, rejected, counts, rejects, error, started_at, finished_at')
    .eq('id', runId)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

export type ImportRunRow = Awaited<ReturnType<typeof getImportRun>>;

const finished = (run: ImportRunRow | undefined) => run?.status === 'succeeded' || run?.status === 'failed';

export function useImportRun(runId: number | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: telemetryKeys.importRun(runId ?? 0),
    queryFn: () => getImportRun(runId!),
    enabled: runId !== undefined,
    refetchInterval: (current) => (finished(current.state.data) ? false : POLL_MS),
  });
  const done = finished(query.data);
  useEffect(() => {
    // New sensors, sightings and volume: the rest of the page reads again.
    if (done) void queryClient.invalidateQueries({ queryKey: telemetryKeys.all, refetchType: 'active' });
  }, [done, queryClient]);
  return query;
}
