/**
 * Per severity, the alerts raised in the period and the mean seconds to acknowledge and to resolve
 * (`analytics_alert_response`); a time is null when no alert of that severity got that far.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from './keys';

type Generated = Database['public']['Functions']['analytics_alert_response']['Returns'][number];
type Times = 'mtta_seconds' | 'mttr_seconds';
// The generated types cannot tell that an average over no rows is null.
export type AlertResponseRow = Omit<Generated, Times> & Record<Times, number | null>;

export async function getAlertResponse(period: Period): Promise<AlertResponseRow[]> {
  const { data, error } = await supabase().rpc('analytics_alert_response', { _period: period });
  if (error) throw new Error(error.message);
  return data;
}

export function getAlertResponseQueryOptions(period: Period) {
  return queryOptions({
    queryKey: analyticsKeys.chart('response', period),
    queryFn: () => getAlertResponse(period),
  });
}

export function useAlertResponse(period: Period) {
  return useQuery(getAlertResponseQueryOptions(period));
}
