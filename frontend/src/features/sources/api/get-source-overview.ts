/** Every source with its latest run and the server's verdict on its health (`source_overview`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { sourceKeys } from './keys';

type GeneratedRow = Database['public']['Functions']['source_overview']['Returns'][number];

/** What the server may leave empty: a source without a URL, a schedule or any run yet. */
type Nullable =
  | 'format'
  | 'url'
  | 'sync_interval_seconds'
  | 'last_synced_at'
  | 'next_sync_at'
  | 'last_success_at'
  | `last_run_${string}`;

export type SourceHealth = 'failed' | 'pending' | 'never_succeeded' | 'overdue' | 'disabled' | 'healthy';

export type SourceOverview = {
  [K in keyof GeneratedRow]: K extends Nullable ? GeneratedRow[K] | null : GeneratedRow[K];
} & { health: SourceHealth };

export async function getSourceOverview(signal?: AbortSignal): Promise<SourceOverview[]> {
  let query = supabase().rpc('source_overview');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as SourceOverview[];
}

export function getSourceOverviewQueryOptions() {
  return queryOptions({
    queryKey: sourceKeys.overview(),
    queryFn: ({ signal }) => getSourceOverview(signal),
    // "Overdue" moves with the clock even when nothing is written: read again every minute.
    refetchInterval: 60_000,
  });
}

export function useSourceOverview() {
  return useQuery(getSourceOverviewQueryOptions());
}
