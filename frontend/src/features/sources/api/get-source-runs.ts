/**
 * The latest runs of one source, newest first, without their rejects (up to a megabyte each: read
 * per run when opened). Realtime changes refresh it; while a run is under way and realtime is down,
 * it is asked again every few seconds so the run still visibly ends.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { sourceKeys } from './keys';

export const RUN_HISTORY_LIMIT = 50;
const POLL_MS = 3000;

const COLUMNS =
  'id, status, format, input, requested_by, upload, started_at, finished_at, records, inserted, updated, unchanged, rejected, ignored, counts, error, bytes';

function readRuns(sourceId: string) {
  return supabase()
    .from('import_runs')
    .select(COLUMNS)
    .eq('source_id', sourceId)
    .order('id', { ascending: false })
    .limit(RUN_HISTORY_LIMIT);
}

export type SourceRun = NonNullable<Awaited<ReturnType<typeof readRuns>>['data']>[number];

export async function getSourceRuns(sourceId: string, signal?: AbortSignal): Promise<SourceRun[]> {
  let query = readRuns(sourceId);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export const isActive = (run: Pick<SourceRun, 'status'>) =>
  run.status === 'queued' || run.status === 'running';

export function getSourceRunsQueryOptions(sourceId: string, live: boolean) {
  return queryOptions({
    queryKey: sourceKeys.runs(sourceId),
    queryFn: ({ signal }) => getSourceRuns(sourceId, signal),
    refetchInterval: (query) => (!live && query.state.data?.some(isActive) ? POLL_MS : false),
  });
}

export function useSourceRuns(sourceId: string | undefined, live: boolean) {
  return useQuery({ ...getSourceRunsQueryOptions(sourceId ?? '', live), enabled: sourceId !== undefined });
}
