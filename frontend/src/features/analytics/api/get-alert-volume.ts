/** Alerts raised per bucket of the period and severity (`analytics_alert_volume`), every bucket and severity present. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from './keys';

export type AlertVolumeRow = Database['public']['Functions']['analytics_alert_volume']['Returns'][number];

export async function getAlertVolume(period: Period): Promise<AlertVolumeRow[]> {
  const { data, error } = await supabase().rpc('analytics_alert_volume', { _period: period });
  if (error) throw new Error(error.message);
  return data;
}

export function getAlertVolumeQueryOptions(period: Period) {
  return queryOptions({
    queryKey: analyticsKeys.chart('alerts', period),
    queryFn: () => getAlertVolume(period),
  });
}

export function useAlertVolume(period: Period) {
  return useQuery(getAlertVolumeQueryOptions(period));
}
