/**
 * Asks the enabled services that apply to an indicator's type (public.request_enrichment). The
 * server refuses a value of PAP:AMBER or above in its own words, which are shown as they come.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { enrichmentKey } from './get-indicator-enrichment';

export async function requestEnrichment(id: number): Promise<number> {
  const { data, error } = await supabase().rpc('request_enrichment', { _indicator_id: id });
  if (error) throw new Error(error.message);
  return data.filter((r) => r.status === 'queued').length;
}

export function useRequestEnrichment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestEnrichment(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrichmentKey(id) }),
  });
}
