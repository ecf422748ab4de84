/** New or updated alerts refresh the count at once instead of waiting for the next 30 s poll. */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createLogger } from '@/lib/security/logger';
import { supabase } from '@/lib/supabase';
import { alertKeys } from '@/features/alerts/api/keys';

const logger = createLogger('alerts');
const TABLE = { schema: 'public', table: 'enhanced_security_alerts' } as const;

let channelSerial = 0;

export function useAlertChanges({ enabled }: { enabled: boolean }): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    // The badge and the triage queue read the same table: one change refreshes both.
    const invalidate = () => void queryClient.invalidateQueries({ queryKey: alertKeys.all });
    // A topic of its own per mount: supabase-js hands back an existing channel with the same topic,
    // and one still being removed cannot take new bindings.
    channelSerial += 1;
    const client = supabase();
    const channel = client
      .channel(`alert-count-${channelSerial}`)
      .on('postgres_changes', { event: 'INSERT', ...TABLE }, invalidate)
      .on('postgres_changes', { event: 'UPDATE', ...TABLE }, invalidate)
      .subscribe((status, error) => {
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
          logger.warn('Alert change feed unavailable', { status, message: error?.message });
        }
      });
    return () => {
      void client.removeChannel(channel);
    };
  }, [enabled, queryClient]);
}
