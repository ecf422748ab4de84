/**
 * How often an indicator was sighted and how many alerts it raised: the counts in its drawer's tab
 * labels. No row when RLS hides the indicator.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { indicatorKeys } from './keys';

export type IndicatorActivity = Database['public']['Functions']['indicator_activity']['Returns'][number];

/** The most rows each activity tab lists (the RPCs answer 1-200); the label gives the full count. */
export const ACTIVITY_LIST_LIMIT = 50;

export async function getIndicatorActivity(id: number): Promise<IndicatorActivity | null> {
  const { data, error } = await supabase().rpc('indicator_activity', { _indicator_id: id });
  if (error) throw new Error(error.message);
  return data[0] ?? null;
}

export function getIndicatorActivityQueryOptions(id: number) {
  return queryOptions({ queryKey: indicatorKeys.activity(id), queryFn: () => getIndicatorActivity(id) });
}

export function useIndicatorActivity(id: number | undefined) {
  return useQuery({ ...getIndicatorActivityQueryOptions(id ?? 0), enabled: id !== undefined });
}
