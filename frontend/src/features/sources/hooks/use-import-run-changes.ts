/**
 * Import runs as they change (realtime): a queued run starting, a run ending with its counts. The
 * overview and the history of the run's source read again at once; `live` says whether the channel
 * is up, so the history polls only when it is not.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createLogger } from '@/lib/security/logger';
import { supabase } from '@/lib/supabase';
import { sourceKeys } from '@/features/sources/api/keys';

const logger = createLogger('sources');
const TABLE = { schema: 'public', table: 'import_runs' } as const;
let channelSerial = 0;

interface RunChange {
  new?: { source_id?: string | null };
  old?: { source_id?: string | null };
}

export function useImportRunChanges(): { live: boolean } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const refresh = (change: RunChange) => {
      void queryClient.invalidateQueries({ queryKey: sourceKeys.overview() });
      const sourceId = change.new?.source_id ?? change.old?.source_id;
      if (sourceId) void queryClient.invalidateQueries({ queryKey: sourceKeys.runs(sourceId) });
    };
    // A topic of its own per mount: supabase-js hands back an existing channel with the same topic.
    channelSerial += 1;
    const client = supabase();
    const channel = client
      .channel(`import-runs-${channelSerial}`)
      .on('postgres_changes', { event: 'INSERT', ...TABLE }, refresh)
      .on('postgres_changes', { event: 'UPDATE', ...TABLE }, refresh)
      .subscribe((status, error) => {
        setLive(status === 'SUBSCRIBED');
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
          logger.warn('Import run changes unavailable', { status, message: error?.message });
        }
      });
    return () => {
      void client.removeChannel(channel);
    };
  }, [queryClient]);
  return { live };
}
