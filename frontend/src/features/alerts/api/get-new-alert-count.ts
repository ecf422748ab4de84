/**
 * The sidebar badge's number: new security alerts of the last 24 h, counted exactly by the database
 * without fetching rows (SPEC §7). A failure is logged and shown as 0, never as an error. A GET with
 * limit 0 rather than HEAD: Chromium lists every fetch HEAD as cancelled in the network panel.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALERTS } from '@/config/constants';
import { createLogger } from '@/lib/security/logger';
import { supabase } from '@/lib/supabase';
import { alertKeys } from './keys';

const logger = createLogger('alerts');

export async function getNewAlertCount(now: number = Date.now()): Promise<number> {
  const since = new Date(now - ALERTS.windowMs).toISOString();
  try {
    const { count, error } = await supabase()
      .from('enhanced_security_alerts')
      .select('id', { count: 'exact' })
      .eq('status', 'new')
      .gte('created_at', since)
      .limit(0);
    if (error) {
      logger.error('Alert count failed', { code: error.code, message: error.message });
      return 0;
    }
    return count ?? 0;
  } catch (error) {
    logger.error('Alert count failed', { message: error instanceof Error ? error.message : String(error) });
    return 0;
  }
}

export function getNewAlertCountQueryOptions() {
  return queryOptions({
    queryKey: alertKeys.newCount(),
    queryFn: () => getNewAlertCount(),
    refetchInterval: ALERTS.refreshMs,
    // The count is "live" (SPEC §1): keep polling while the tab is hidden too.
    refetchIntervalInBackground: true,
  });
}

/** The count while signed in; 0 (and no requests) otherwise. */
export function useNewAlertCount({ enabled }: { enabled: boolean }): number {
  const { data } = useQuery({ ...getNewAlertCountQueryOptions(), enabled });
  return enabled ? (data ?? 0) : 0;
}
