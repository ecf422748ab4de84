/**
 * One query over everything (`unified_search`): CVEs, indicators, actors, malware, techniques,
 * campaigns, alerts. Defanged input is refanged here and again on the server.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { refang } from '@intel/refang';
import type { Database } from '@db/types';
import { SEARCH_LIMITS } from '@/config/constants';
import { checkedSearchText } from '@/lib/search-text';
import { supabase } from '@/lib/supabase';
import { searchKeys } from './keys';

export type SearchHit = Database['public']['Functions']['unified_search']['Returns'][number];

export const MIN_QUERY_LENGTH = 2;
export const RESULTS_PER_KIND = 8;

export async function unifiedSearch(query: string, signal?: AbortSignal): Promise<SearchHit[]> {
  const text = refang(checkedSearchText(query.trim(), SEARCH_LIMITS.unified));
  let request = supabase().rpc('unified_search', { _query: text, _limit_per_kind: RESULTS_PER_KIND });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data;
}

export function unifiedSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: searchKeys.unified(query),
    queryFn: ({ signal }) => unifiedSearch(query, signal),
    enabled: query.length >= MIN_QUERY_LENGTH,
    // The previous answer stays on screen while the next keystroke's is on its way.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useUnifiedSearch(query: string) {
  return useQuery(unifiedSearchQueryOptions(query));
}
