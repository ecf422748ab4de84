/**
 * An indicator's score over time for its decay chart, recomputed by the server from the reports and
 * sightings this user may read: curve samples (kind 'point') and the events that moved it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { indicatorKeys } from './keys';

export type ScoreHistoryRow = Database['public']['Functions']['indicator_score_history']['Returns'][number];

export async function getIndicatorScoreHistory(id: number, signal?: AbortSignal): Promise<ScoreHistoryRow[]> {
  let query = supabase().rpc('indicator_score_history', { _indicator_id: id });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export function getIndicatorScoreHistoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: indicatorKeys.scoreHistory(id),
    queryFn: ({ signal }) => getIndicatorScoreHistory(id, signal),
    // "Now" moves and a false-positive verdict changes the curve: read again when the drawer opens.
    staleTime: 0,
  });
}

export function useIndicatorScoreHistory(id: number | undefined) {
  return useQuery({ ...getIndicatorScoreHistoryQueryOptions(id ?? 0), enabled: id !== undefined });
}
