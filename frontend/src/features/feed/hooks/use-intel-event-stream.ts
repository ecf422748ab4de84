/** New events refresh the stream as they are written (realtime), and say how many arrived. */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createLogger } from '@/lib/security/logger';
import { supabase } from '@/lib/supabase';
import { feedKeys } from '@/features/feed/api/keys';

const logger = createLogger('intel-events');
let channelSerial = 0;

export function useIntelEventStream(): { live: boolean; arrived: number } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const [arrived, setArrived] = useState(0);
  useEffect(() => {
    channelSerial += 1;
    const client = supabase();
    const channel = client
      .channel(`intel-events-${channelSerial}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'intel_events' }, () => {
        setArrived((count) => count + 1);
        void queryClient.invalidateQueries({ queryKey: feedKeys.all });
      })
      .subscribe((status, error) => {
        setLive(status === 'SUBSCRIBED');
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
          logger.warn('Intelligence stream unavailable', { status, message: error?.message });
        }
      });
    return () => {
      void client.removeChannel(channel);
    };
  }, [queryClient]);
  return { live, arrived };
}
