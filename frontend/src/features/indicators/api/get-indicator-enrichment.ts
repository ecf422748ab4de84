/**
 * What online enrichment (issue 30 §2) knows about one indicator: the services (which are enabled,
 * for which types) and the latest answer of each about this value, cached for everyone. Results
 * are read under the indicator's own RLS (TLP). While a request waits for the worker the query
 * asks again every few seconds.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { indicatorKeys } from './keys';

export type EnrichmentService = Pick<
  Database['public']['Tables']['enrichment_services']['Row'],
  'id' | 'name' | 'indicator_types' | 'enabled'
>;
export type EnrichmentResult = Omit<Database['public']['Tables']['enrichment_results']['Row'], 'raw'>;

export interface IndicatorEnrichment {
  services: EnrichmentService[];
  results: EnrichmentResult[];
}

const RESULT_COLUMNS =
  'id, indicator_id, service_id, status, requested_by, requested_at, fetched_at, expires_at, summary, link, score_delta, error, retry_at, attempts';

export async function getIndicatorEnrichment(id: number, signal?: AbortSignal): Promise<IndicatorEnrichment> {
  let services = supabase()
    .from('enrichment_services')
    .select('id, name, indicator_types, enabled')
    .order('name');
  let results = supabase().from('enrichment_results').select(RESULT_COLUMNS).eq('indicator_id', id);
  if (signal) {
    services = services.abortSignal(signal);
    results = results.abortSignal(signal);
  }
  const [s, r] = await Promise.all([services, results]);
  if (s.error) throw new Error(s.error.message);
  if (r.error) throw new Error(r.error.message);
  return { services: s.data, results: r.data as EnrichmentResult[] };
}

export const enrichmentKey = (id: number) => [...indicatorKeys.all, 'enrichment', id] as const;

export function useIndicatorEnrichment(id: number) {
  return useQuery(
    queryOptions({
      queryKey: enrichmentKey(id),
      queryFn: ({ signal }) => getIndicatorEnrichment(id, signal),
      refetchInterval: (query) =>
        query.state.data?.results.some((r) => r.status === 'queued') ? 3000 : false,
    }),
  );
}
