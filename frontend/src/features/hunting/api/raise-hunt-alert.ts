/**
 * Turn hunt hits into alerts: `alert_from_hunt` per indicator, through the engine's deduplication (a
 * hit raised twice is one alert). The server's refusals are already sentences, shown as they come.
 */
import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export interface HuntAlertRequest {
  indicatorId: number;
  /** The saved hunt's name, quoted in the alert. */
  hunt?: string;
  note?: string;
}

export async function raiseHuntAlert({ indicatorId, hunt, note }: HuntAlertRequest): Promise<string> {
  const { data, error } = await supabase().rpc('alert_from_hunt', {
    _indicator_id: indicatorId,
    _hunt: hunt,
    _note: note,
  });
  if (error) throw new Error(error.message);
  return data;
}

export interface RaisedAlerts {
  alertIds: string[];
  /** Which alert each indicator raised (or joined, when the engine deduplicated it). */
  raised: { indicatorId: number; alertId: string }[];
  failures: { indicatorId: number; message: string }[];
}

/** One call per indicator, in turn: each succeeds or fails on its own. */
export async function raiseHuntAlerts(requests: readonly HuntAlertRequest[]): Promise<RaisedAlerts> {
  const raised: RaisedAlerts = { alertIds: [], raised: [], failures: [] };
  for (const request of requests) {
    try {
      const alertId = await raiseHuntAlert(request);
      raised.alertIds.push(alertId);
      raised.raised.push({ indicatorId: request.indicatorId, alertId });
    } catch (error) {
      raised.failures.push({ indicatorId: request.indicatorId, message: (error as Error).message });
    }
  }
  return raised;
}

export function useRaiseHuntAlerts() {
  // Failures come back in the answer, one per indicator: there is nothing whole to retry.
  return useMutation({ mutationFn: raiseHuntAlerts, retry: false });
}
