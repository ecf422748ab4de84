/**
 * Saves one service's settings through update_enrichment_service (administrators with MFA;
 * audited). A typed key replaces the stored one; an empty key field keeps it; "remove" deletes it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { enrichmentServiceKeys } from './keys';

export interface EnrichmentServiceInput {
  id: string;
  enabled: boolean;
  baseUrl: string;
  ttlHours: number;
  apiKey?: string;
  clearKey?: boolean;
}

export async function updateEnrichmentService(input: EnrichmentServiceInput): Promise<void> {
  const { error } = await supabase().rpc('update_enrichment_service', {
    _id: input.id,
    _enabled: input.enabled,
    _base_url: input.baseUrl,
    _ttl_hours: input.ttlHours,
    _api_key: input.apiKey?.trim() || undefined,
    _clear_key: input.clearKey ?? false,
  });
  if (error)
    throw new Error(
      error.code === '42501'
        ? 'Only an administrator with a verified second factor can change this.'
        : error.message,
    );
}

export function useUpdateEnrichmentService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEnrichmentService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrichmentServiceKeys.all }),
  });
}
