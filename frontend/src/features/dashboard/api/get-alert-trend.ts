/** Alerts raised and closed per UTC day and severity (`alert_trend`), every day present. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './keys';

export type AlertTrendRow = Database['public']['Functions']['alert_trend']['Returns'][number];

export async function getAlertTrend(days: number): Promise<AlertTrendRow[]> {
  const { data, error } = await supabase().rpc('alert_trend', { _days: days });
  if (error) throw new Error(error.message);
  return data;
}

export function getAlertTrendQueryOptions(days: number) {
  return queryOptions({ queryKey: dashboardKeys.alertTrend(days), queryFn: () => getAlertTrend(days) });
}

export function useAlertTrend(days: number) {
  return useQuery(getAlertTrendQueryOptions(days));
}
