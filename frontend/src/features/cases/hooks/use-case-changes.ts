/**
 * The case page follows its case live: every change to a case writes its timeline (database
 * triggers), so one subscription to the case's new timeline rows, plus the case row itself, refreshes
 * everything shown. The realtime server checks each row against the subscriber's policies.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createLogger } from '@/lib/security/logger';
import { supabase } from '@/lib/supabase';
import { caseKeys } from '@/features/cases/api/keys';

const logger = createLogger('cases');
let channelSerial = 0;

export function useCaseChanges(caseId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const invalidate = () => void queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) });
    channelSerial += 1;
    const client = supabase();
    const channel = client
      .channel(`case-${caseId}-${channelSerial}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'case_events', filter: `case_id=eq.${caseId}` },
        invalidate,
      )
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'cases', filter: `id=eq.${caseId}` },
        invalidate,
      )
      .subscribe((status, error) => {
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
          logger.warn('Case change feed unavailable', { status, message: error?.message });
      });
    return () => {
      void client.removeChannel(channel);
    };
  }, [caseId, queryClient]);
}
