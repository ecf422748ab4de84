/**
 * The online enrichment services (issue 30 §2) with their settings: enabled, base URL, TTL, whether
 * a key is set (never the key: it is write-only) and their latest failure.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { enrichmentServiceKeys } from './keys';

export type EnrichmentServiceSettings = Database['public']['Tables']['enrichment_services']['Row'];

export async function listEnrichmentServices(signal?: AbortSignal): Promise<EnrichmentServiceSettings[]> {
  let query = supabase().from('enrichment_services').select('*').order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export function useEnrichmentServices() {
  return useQuery(
    queryOptions({
      queryKey: enrichmentServiceKeys.list(),
      queryFn: ({ signal }) => listEnrichmentServices(signal),
    }),
  );
}
