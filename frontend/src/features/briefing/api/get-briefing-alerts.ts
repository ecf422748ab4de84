/** Alerts raised in the period and the one before, by severity and status (`briefing_alerts`, every combination). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { briefingKeys } from './keys';

export type BriefingAlertRow = Database['public']['Functions']['briefing_alerts']['Returns'][number];

export async function getBriefingAlerts(days: number): Promise<BriefingAlertRow[]> {
  const { data, error } = await supabase().rpc('briefing_alerts', { _days: days });
  if (error) throw new Error(error.message);
  return data;
}

export function getBriefingAlertsQueryOptions(days: number) {
  return queryOptions({ queryKey: briefingKeys.alerts(days), queryFn: () => getBriefingAlerts(days) });
}

export function useBriefingAlerts(days: number) {
  return useQuery(getBriefingAlertsQueryOptions(days));
}
