/**
 * "Sync now": the server queues a run for the importer's worker, which fetches the source's URL and
 * imports it on the server. The answer is the run's id (an existing queued or running one if any).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { sourceKeys } from './keys';

export async function requestSourceSync(sourceId: string): Promise<number> {
  const { data, error } = await supabase().rpc('request_source_sync', { _source_id: sourceId });
  if (error) throw new Error(error.message);
  return data;
}

export function useRequestSourceSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestSourceSync,
    // Queueing twice is harmless (the server answers with the waiting run), but a refusal is final.
    retry: false,
    onSuccess: (_runId, sourceId) => queryClient.invalidateQueries({ queryKey: sourceKeys.runs(sourceId) }),
  });
}
