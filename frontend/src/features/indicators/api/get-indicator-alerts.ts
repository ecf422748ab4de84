/** The alerts an indicator raised, newest first, resolved and dismissed ones too. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { ACTIVITY_LIST_LIMIT } from './get-indicator-activity';
import { indicatorKeys } from './keys';

export type IndicatorAlert = Database['public']['Functions']['indicator_alerts']['Returns'][number];

export async function getIndicatorAlerts(id: number): Promise<IndicatorAlert[]> {
  const { data, error } = await supabase().rpc('indicator_alerts', {
    _indicator_id: id,
    _limit: ACTIVITY_LIST_LIMIT,
  });
  if (error) throw new Error(error.message);
  return data;
}

export function getIndicatorAlertsQueryOptions(id: number) {
  return queryOptions({ queryKey: indicatorKeys.alerts(id), queryFn: () => getIndicatorAlerts(id) });
}

export function useIndicatorAlerts(id: number) {
  return useQuery(getIndicatorAlertsQueryOptions(id));
}
