/**
 * New KEV entries arrive while the page is open: an import writes one `kev_added` event per statement,
 * and events that land close together make one toast for the batch, never one per CVE; the list
 * refreshes once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { createLogger } from '@/lib/security/logger';
import { supabase } from '@/lib/supabase';
import { vulnerabilityKeys } from '@/features/vulnerabilities/api/keys';

const logger = createLogger('kev-arrivals');
/** Events of one import land within this window. */
export const KEV_BATCH_WINDOW_MS = 1500;

let channelSerial = 0;

interface KevEvent {
  cve_ids?: string[];
  counts?: Record<string, number>;
}

export function kevCount(event: KevEvent): number {
  return event.counts?.kev_added ?? event.cve_ids?.length ?? 0;
}

export function useKevArrivals(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let pending = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const count = pending;
      pending = 0;
      void queryClient.invalidateQueries({ queryKey: vulnerabilityKeys.kevLists() });
      toast({
        title:
          count === 1
            ? 'A new known exploited vulnerability'
            : `${count.toLocaleString()} new known exploited vulnerabilities`,
        description: 'The list is up to date.',
      });
    };
    channelSerial += 1;
    const client = supabase();
    const channel = client
      .channel(`kev-arrivals-${channelSerial}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'intel_events', filter: 'kind=eq.kev_added' },
        (payload) => {
          pending += kevCount(payload.new as KevEvent);
          timer ??= setTimeout(flush, KEV_BATCH_WINDOW_MS);
        },
      )
      .subscribe((status, error) => {
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
          logger.warn('KEV change feed unavailable', { status, message: error?.message });
        }
      });
    return () => {
      if (timer) clearTimeout(timer);
      void client.removeChannel(channel);
    };
  }, [queryClient]);
}
