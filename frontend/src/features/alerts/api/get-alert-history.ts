/** What happened to an alert, oldest first: raised, status changes, assignments, notes. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { alertKeys } from './keys';

export type AlertHistoryRow = Database['public']['Functions']['alert_history']['Returns'][number];

export async function getAlertHistory(alertId: string): Promise<AlertHistoryRow[]> {
  const { data, error } = await supabase().rpc('alert_history', { _alert_id: alertId });
  if (error) throw new Error(error.message);
  return data;
}

export function getAlertHistoryQueryOptions(alertId: string) {
  return queryOptions({ queryKey: alertKeys.history(alertId), queryFn: () => getAlertHistory(alertId) });
}

export function useAlertHistory(alertId: string | undefined) {
  return useQuery({ ...getAlertHistoryQueryOptions(alertId ?? ''), enabled: alertId !== undefined });
}
